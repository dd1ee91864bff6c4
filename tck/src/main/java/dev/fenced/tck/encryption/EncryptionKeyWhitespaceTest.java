package dev.fenced.tck.encryption;

import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The deployment fails when {@code fenced.idempotency.encryption.keys} has whitespace around a key
 * ({@code new, old}).
 */
@ExtendWith(ArquillianExtension.class)
public class EncryptionKeyWhitespaceTest {

  @Deployment
  @ShouldThrowException(DeploymentException.class)
  public static WebArchive deployment() {
    return EncryptionDeployment.war("encryption-key-whitespace", Keys.NEW + ", " + Keys.OLD)
        .build();
  }

  /** Never reached with a deployed application: Arquillian checks the deployment failure. */
  @Test
  void the_deployment_fails() {}
}
