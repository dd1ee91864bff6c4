package dev.fenced.tck.deployment.locks;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.locks.duplicatekey.Invoices;
import dev.fenced.tck.deployment.locks.duplicatekey.Payments;
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

/** The deployment fails when two jobs share one key. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidDuplicateJobKeyTest {

  private static final String INVALID = "invalid-duplicate-job-key";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Invoices.class, Payments.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_key_and_both_jobs() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.LOCK_NAME_SHARED)
        .names("\"tck:export\"")
        .namesMethod(Invoices.class, "run")
        .namesMethod(Payments.class, "run");
  }
}
