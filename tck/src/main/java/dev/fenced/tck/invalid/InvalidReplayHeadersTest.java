package dev.fenced.tck.invalid;

import dev.fenced.tck.invalid.replayheaders.LoginApplication;
import dev.fenced.tck.invalid.replayheaders.SessionResource;
import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployment fails when {@code @Idempotent(replayHeaders)} holds {@code Set-Cookie}. */
@ExtendWith(ArquillianExtension.class)
public class InvalidReplayHeadersTest {

  @Deployment
  @ShouldThrowException(DeploymentException.class)
  public static WebArchive deployment() {
    return TckDeployment.war("invalid-replay-headers")
        .classes(LoginApplication.class, SessionResource.class)
        .build();
  }

  /** Never reached with a deployed application: Arquillian checks the deployment failure. */
  @Test
  void the_deployment_fails() {}
}
