package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.idempotent.production.Reports;
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
 * The deployment fails with {@code mp.config.profile=prod} and the in-memory store, unless {@code
 * fenced.allow-in-memory-storage=true}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidProductionMemoryStoreTest {

  private static final String INVALID = "invalid-production-memory-store";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID)
        .classes(Reports.class)
        .config("mp.config.profile", "prod")
        .config("fenced.idempotency.store", "memory")
        .build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_store_the_profile_and_the_escape_hatch() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.MEMORY_STORE_IN_PRODUCTION)
        .names(
            "fenced.idempotency.store=memory",
            "mp.config.profile=prod",
            "fenced.allow-in-memory-storage=true");
  }
}
