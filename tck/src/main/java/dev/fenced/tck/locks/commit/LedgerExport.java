package dev.fenced.tck.locks.commit;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.locks.common.Runs;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;

/**
 * A {@code @WithoutOverlapping} EJB whose runs write inside the container-managed transaction the
 * EJB container begins around the call (and around every interceptor): each run's transaction waits
 * at a commit gate named by the call's argument after the method returned.
 */
@Stateless
public class LedgerExport {

  /** The run lock's key. */
  public static final String KEY = "tck:ledger-export-commit";

  @Inject LocksContext context;
  @Inject Runs runs;
  @Inject CommitGate commitGate;

  /**
   * Runs the export; its transaction commits once the gate {@code commitGate} opens.
   *
   * @param commitGate the gate the transaction's commit waits at
   */
  @WithoutOverlapping(key = KEY)
  public void export(String commitGate) {
    runs.enter(context.lock().orElse(null));
    try {
      this.commitGate.holdCommitAt(commitGate);
    } finally {
      runs.exit();
    }
  }
}
