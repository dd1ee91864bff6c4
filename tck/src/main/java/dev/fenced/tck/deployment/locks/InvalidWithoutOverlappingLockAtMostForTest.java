package dev.fenced.tck.deployment.locks;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.locks.maximumhold.Reports;
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
 * The deployment fails when {@code @WithoutOverlapping(lockAtMostFor)} is not above the run lock's
 * ttl ({@code lockAtMostFor = "10s"}, {@code ttl = "30s"}): the lock lives a ttl past its last
 * renewal, so the ttl, not the cap, would bound the hold.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidWithoutOverlappingLockAtMostForTest {

  private static final String INVALID = "invalid-without-overlapping-lock-at-most-for";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID).classes(Reports.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_member_the_method_and_the_value() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.MEMBER_DURATION_INVALID)
        .names("@WithoutOverlapping(lockAtMostFor)", "\"10s\"", "ttl")
        .namesMethod(Reports.class, "run");
  }
}
