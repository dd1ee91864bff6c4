package dev.fenced.tck.deployment.locks;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.locks.scope.Leader;
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

/** The deployment fails when a {@code @LeaderElection} bean is not {@code @ApplicationScoped}. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidLeaderElectionScopeTest {

  private static final String INVALID = "invalid-leader-election-scope";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Leader.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_class_and_the_scope() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.ELECTION_NOT_APPLICATION_SCOPED)
        .names(
            Leader.class.getName() + ": a @LeaderElection bean must be @ApplicationScoped",
            "it is @Dependent");
  }
}
