package dev.fenced.tck.invalid;

import dev.fenced.FencedPriorities;
import dev.fenced.tck.invalid.ftpriority.Reports;
import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The deployment fails when MicroProfile Fault Tolerance's interceptor priority ({@code
 * mp.fault.tolerance.interceptor.priority}) is below Fenced's {@code @Idempotent} priority, so
 * Fenced would run inside Fault Tolerance.
 */
@ExtendWith(ArquillianExtension.class)
public class InvalidFaultTolerancePriorityTest {

  @Deployment
  @ShouldThrowException(DeploymentException.class)
  public static WebArchive deployment() {
    return TckDeployment.war("invalid-fault-tolerance-priority")
        .classes(Reports.class)
        .config(
            "mp.fault.tolerance.interceptor.priority",
            String.valueOf(FencedPriorities.IDEMPOTENT - 1))
        .build();
  }

  /** Never reached with a deployed application: Arquillian checks the deployment failure. */
  @Test
  void the_deployment_fails() {}
}
