package dev.fenced.cdi.boot.check;

import dev.fenced.cdi.config.OutcomeCommit;
import dev.fenced.cdi.config.StoreSelection;
import java.util.List;

/** {@code fenced.idempotency.commit}: a known value, and {@code with-work} on a store that can. */
public final class OutcomeCommitCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    String store = StoreSelection.IDEMPOTENCY.name(deployment.config());
    boolean completesWithWork =
        !StoreSelection.isMemory(store) && deployment.completesWithWork(store);
    return OutcomeCommit.problem(deployment.config(), store, completesWithWork).stream().toList();
  }
}
