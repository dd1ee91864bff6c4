package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.idempotent.returntype.Reports;
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
 * The deployment fails when a non-HTTP {@code @Idempotent} method returns a {@code Future}, whose
 * value could only be awaited by blocking a thread (a {@code CompletionStage} is supported).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidReturnTypeTest {

  private static final String INVALID = "invalid-return-type";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Reports.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_method_and_its_return_type() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.RETURN_TYPE_NOT_STORABLE)
        .names("return type", "java.util.concurrent.Future", "blocking a thread")
        .namesMethod(Reports.class, "build");
  }
}
