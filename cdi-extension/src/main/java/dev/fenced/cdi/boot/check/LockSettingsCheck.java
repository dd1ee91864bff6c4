package dev.fenced.cdi.boot.check;

import dev.fenced.cdi.config.LockGlobals;
import java.util.List;

/** The global lock settings ({@code fenced.locks.ttl} and the others of {@link LockGlobals}). */
public final class LockSettingsCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    return LockGlobals.problems(deployment.config());
  }
}
