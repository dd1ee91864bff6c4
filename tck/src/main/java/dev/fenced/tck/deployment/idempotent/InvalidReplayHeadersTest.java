package dev.fenced.tck.deployment.idempotent;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.idempotent.replayheaders.LoginApplication;
import dev.fenced.tck.deployment.idempotent.replayheaders.SessionResource;
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

/** The deployment fails when {@code @Idempotent(replayHeaders)} holds {@code Set-Cookie}. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidReplayHeadersTest {

  private static final String INVALID = "invalid-replay-headers";

  @Deployment(name = INVALID, managed = false, testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war(INVALID)
        .classes(LoginApplication.class, SessionResource.class)
        .build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void the_deployment_fails_naming_the_member_the_method_and_the_header() {
    DeploymentFailure.of(deployer, INVALID)
        .reports(DeploymentProblem.REPLAY_HEADERS_SET_COOKIE)
        .names("@Idempotent(replayHeaders)", "Set-Cookie")
        .namesMethod(SessionResource.class, "open");
  }
}
