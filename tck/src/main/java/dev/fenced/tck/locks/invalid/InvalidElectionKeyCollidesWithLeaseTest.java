package dev.fenced.tck.locks.invalid;

import dev.fenced.tck.locks.invalid.electionlease.Invoices;
import dev.fenced.tck.locks.invalid.electionlease.Leader;
import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployment fails when an election's key equals a job's lease ({@code <key>:owner}). */
@ExtendWith(ArquillianExtension.class)
public class InvalidElectionKeyCollidesWithLeaseTest {

  @Deployment
  @ShouldThrowException(DeploymentException.class)
  public static WebArchive deployment() {
    return TckDeployment.war("invalid-election-key-collides-with-lease")
        .classes(Invoices.class, Leader.class)
        .build();
  }

  /** Never reached with a deployed application: Arquillian checks the deployment failure. */
  @Test
  void the_deployment_fails() {}
}
