package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.idempotent.withwork.Transfers;
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

/**
 * The deployment fails with {@code fenced.idempotency.commit=with-work} on a store that cannot
 * record outcomes in the method's transaction (here the in-memory one), rather than promising an
 * exactly-once commit it cannot keep.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidCommitWithWorkTest {

  private static final String INVALID = "invalid-commit-with-work";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID)
        .classes(Transfers.class)
        .config("fenced.idempotency.store", "memory")
        .config("fenced.idempotency.commit", "with-work")
        .build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void with_work_on_a_store_that_cannot_fails_the_deployment_naming_both_options() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.COMMIT_WITH_WORK_UNSUPPORTED)
        .names("fenced.idempotency.commit=with-work", "fenced.idempotency.store=memory");
  }
}
