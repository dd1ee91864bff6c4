package dev.fenced.tck.locks.invalid;

import dev.fenced.tck.locks.invalid.scope.Leader;
import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployment fails when a {@code @LeaderElection} bean is not {@code @ApplicationScoped}. */
@ExtendWith(ArquillianExtension.class)
public class InvalidLeaderElectionScopeTest {

  @Deployment
  @ShouldThrowException(DeploymentException.class)
  public static WebArchive deployment() {
    return TckDeployment.war("invalid-leader-election-scope").classes(Leader.class).build();
  }

  /** Never reached with a deployed application: Arquillian checks the deployment failure. */
  @Test
  void the_deployment_fails() {}
}
