package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import java.util.Optional;

/**
 * Checks that a {@code @LeaderElection} bean is {@code @ApplicationScoped}: one instance per
 * application competes, and its callbacks reach that one instance.
 */
public final class ElectionCheck {

  private ElectionCheck() {}

  /**
   * What is wrong with the election bean's scope.
   *
   * @param className the bean class
   * @param scope the bean's scope annotation's simple name, e.g. {@code Dependent}
   * @param applicationScoped whether it is {@code @ApplicationScoped}
   * @return the problem, or empty
   */
  public static Optional<String> problem(
      String className, String scope, boolean applicationScoped) {
    if (applicationScoped) {
      return Optional.empty();
    }
    return Optional.of(DeploymentProblem.ELECTION_NOT_APPLICATION_SCOPED.format(className, scope));
  }
}
