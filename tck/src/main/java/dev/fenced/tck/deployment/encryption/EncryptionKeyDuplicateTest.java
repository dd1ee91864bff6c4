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

/** The deployment fails when {@code fenced.idempotency.encryption.keys} lists a key twice. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptionKeyDuplicateTest {

  private static final String INVALID = "encryption-key-duplicate";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return EncryptionDeployment.war(INVALID, Keys.NEW + "," + Keys.OLD + "," + Keys.NEW).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_option_and_the_entries_never_the_key() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.ENCRYPTION_KEYS_INVALID)
        .names(Keys.OPTION + ": entry 3 of 3 is the same key as entry 1")
        .doesNotName(Keys.NEW);
  }
}
