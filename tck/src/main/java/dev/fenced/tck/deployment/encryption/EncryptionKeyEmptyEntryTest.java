package dev.fenced.tck.deployment.encryption;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.encryption.EncryptionDeployment;
import dev.fenced.tck.encryption.Keys;
import dev.fenced.tck.support.DeploymentFailure;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The deployment fails when {@code fenced.idempotency.encryption.keys} has an empty entry ({@code
 * new,,old}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptionKeyEmptyEntryTest {

  private static final String INVALID = "encryption-key-empty-entry";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return EncryptionDeployment.war(INVALID, Keys.NEW + ",," + Keys.OLD).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_option_and_the_empty_entry() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.ENCRYPTION_KEYS_INVALID)
        .names(Keys.OPTION + ": entry 2 of 3 is empty");
  }
}
