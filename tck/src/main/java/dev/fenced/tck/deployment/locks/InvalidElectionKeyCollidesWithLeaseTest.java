package dev.fenced.tck.deployment.locks;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.locks.electionlease.Invoices;
import dev.fenced.tck.deployment.locks.electionlease.Leader;
import dev.fenced.tck.support.DeploymentFailure;
import dev.fenced.tck.support.TckDeployment;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployment fails when an election's key equals a job's lease ({@code <key>:owner}). */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidElectionKeyCollidesWithLeaseTest {

  private static final String INVALID = "invalid-election-key-collides-with-lease";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Invoices.class, Leader.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_key_the_job_and_the_election() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.LOCK_NAME_SHARED)
        .names(
            "\"tck:feed:owner\"",
            "the lease of @OnOneInstance " + Invoices.class.getName() + ".run",
            "the key of @LeaderElection on " + Leader.class.getName());
  }
}
