package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.idempotent.missingkey.Reports;
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
 * The deployment fails when a non-HTTP {@code @Idempotent} method has no {@code @IdempotencyKey}
 * parameter.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidMissingIdempotencyKeyTest {

  private static final String INVALID = "invalid-missing-idempotency-key";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Reports.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_method_and_the_missing_annotation() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.KEY_PARAMETER_MISSING)
        .names("@IdempotencyKey")
        .namesMethod(Reports.class, "build");
  }
}
