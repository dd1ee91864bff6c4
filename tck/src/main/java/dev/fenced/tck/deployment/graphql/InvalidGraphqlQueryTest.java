package dev.fenced.tck.deployment.graphql;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.graphql.query.Catalogue;
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
 * The deployment fails when {@code @Idempotent} is written on a GraphQL query, which reads and is
 * never guarded, rather than leaving the reader to believe it is.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidGraphqlQueryTest {

  private static final String INVALID = "invalid-graphql-query";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Catalogue.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void an_idempotent_query_fails_the_deployment_naming_the_method() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.GRAPHQL_QUERY_GUARDED)
        .names("@Query")
        .namesMethod(Catalogue.class, "title");
  }
}
