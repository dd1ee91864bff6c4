package dev.fenced.tck.message.common;

import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.support.TckDeployment;

/** Starts the in-container deployments: the shared helpers plus the test's own classes. */
public final class MessageDeployment {

  private MessageDeployment() {}

  /**
   * A deployment with the counter, the gates, the executor and the assertion helpers.
   *
   * @param name the WAR's name without {@code .war}
   * @return the builder, for the test's classes and config
   */
  public static TckDeployment war(String name) {
    return TckDeployment.war(name)
        .classes(
            Invocations.class,
            Gates.class,
            Background.class,
            Codes.class,
            MessageDeployment.class,
            TckTimeouts.class);
  }
}
