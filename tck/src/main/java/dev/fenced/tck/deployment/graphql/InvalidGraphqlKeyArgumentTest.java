package dev.fenced.tck.deployment.graphql;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.graphql.keytype.Tills;
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

/** The deployment fails when a guarded mutation's key argument is not a string. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidGraphqlKeyArgumentTest {

  private static final String INVALID = "invalid-graphql-key-argument";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Tills.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void a_key_argument_that_is_not_a_string_fails_the_deployment_naming_the_method_and_type() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.GRAPHQL_KEY_ARGUMENT_NOT_STRING)
        .names("idempotencyKey", "long")
        .namesMethod(Tills.class, "open");
  }
}
