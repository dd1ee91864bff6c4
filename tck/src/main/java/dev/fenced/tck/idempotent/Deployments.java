package dev.fenced.tck.idempotent;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.InvocationsResource;
import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.support.TckDeployment;

/** Starts the deployments of this package: each holds the shared classes plus the test's own. */
final class Deployments {

  private Deployments() {}

  /**
   * A deployment with the JAX-RS application and the invocation counter.
   *
   * @param name the WAR's name without {@code .war}
   * @return the builder, for the test's classes and config
   */
  static TckDeployment war(String name) {
    return TckDeployment.war(name)
        .classes(TckApplication.class, Invocations.class, InvocationsResource.class);
  }
}
