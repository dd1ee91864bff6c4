package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.deployment.idempotent.missingresolver.Refunds;
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
 * The deployment fails when {@code keyFrom = "bean:<name>"} names no {@code IdempotencyKeyResolver}
 * bean.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidKeyResolverTest {

  private static final String INVALID = "invalid-key-resolver";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(TckApplication.class, Refunds.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_method_the_option_and_the_missing_bean() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.KEY_SOURCE_INVALID)
        .names("bean:" + Refunds.MISSING, "IdempotencyKeyResolver")
        .namesMethod(Refunds.class, "refund");
  }
}
