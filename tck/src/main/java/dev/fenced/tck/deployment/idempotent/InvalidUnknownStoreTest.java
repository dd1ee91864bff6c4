package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.idempotent.unknownstore.Reports;
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

/** The deployment fails when {@code fenced.idempotency.store} names no store. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidUnknownStoreTest {

  private static final String INVALID = "invalid-unknown-store";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID)
        .classes(Reports.class)
        .config("fenced.idempotency.store", "nosuchstore")
        .build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_option_and_the_unknown_store() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.STORE_UNKNOWN)
        .names("fenced.idempotency.store=nosuchstore");
  }
}
