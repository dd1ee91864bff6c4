package dev.fenced.tck.invalid;

import dev.fenced.tck.invalid.production.Reports;
import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The deployment fails with {@code mp.config.profile=prod} and the in-memory store, unless {@code
 * fenced.allow-in-memory-storage=true}.
 */
@ExtendWith(ArquillianExtension.class)
public class InvalidProductionMemoryStoreTest {

  @Deployment
  @ShouldThrowException(DeploymentException.class)
  public static WebArchive deployment() {
    return TckDeployment.war("invalid-production-memory-store")
        .classes(Reports.class)
        .config("mp.config.profile", "prod")
        .config("fenced.idempotency.store", "memory")
        .build();
  }

  /** Never reached with a deployed application: Arquillian checks the deployment failure. */
  @Test
  void the_deployment_fails() {}
}
