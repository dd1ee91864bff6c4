package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.FencedPriorities;
import dev.fenced.tck.deployment.idempotent.ftpriority.Reports;
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
 * The deployment fails when MicroProfile Fault Tolerance's interceptor priority ({@code
 * mp.fault.tolerance.interceptor.priority}) is below Fenced's {@code @Idempotent} priority, so
 * Fenced would run inside Fault Tolerance.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidFaultTolerancePriorityTest {

  private static final String INVALID = "invalid-fault-tolerance-priority";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID)
        .classes(Reports.class)
        .config(
            "mp.fault.tolerance.interceptor.priority",
            String.valueOf(FencedPriorities.IDEMPOTENT - 1))
        .build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_priority_option_and_its_value() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.INSIDE_FAULT_TOLERANCE)
        .names(
            "mp.fault.tolerance.interceptor.priority=" + (FencedPriorities.IDEMPOTENT - 1),
            "fenced.interceptor.priority");
  }
}
