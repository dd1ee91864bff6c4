package dev.fenced.tck.deployment.message;

import dev.fenced.DeploymentProblem;
import dev.fenced.tck.deployment.message.mdb.StatusListener;
import dev.fenced.tck.deployment.message.mdb.UnresolvedScopeListener;
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
 * An invalid {@code @Idempotent} message-driven bean fails the deployment like any other invalid
 * method, although some servers (WildFly) start message-driven beans only after the CDI container
 * has validated the deployment.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class MessageDrivenBeanDeploymentFailureTest {

  private static final String STATUSES = "invalid-mdb-store-statuses";
  private static final String UNRESOLVED_SCOPE = "invalid-mdb-unresolved-scope";

  @Deployment(name = STATUSES, managed = false, testable = false)
  public static WebArchive storeStatuses() {
    return TckDeployment.war(STATUSES).classes(StatusListener.class).build();
  }

  @Deployment(name = UNRESOLVED_SCOPE, managed = false, testable = false)
  public static WebArchive unresolvedScope() {
    return TckDeployment.war(UNRESOLVED_SCOPE).classes(UnresolvedScopeListener.class).build();
  }

  @ArquillianResource Deployer deployer;

  @Test
  void a_listener_with_store_statuses_fails_the_deployment() {
    // a listener without an @IdempotencyKey parameter is valid: it takes its message's default key
    // (IdempotentMessageDefaultKeyTest)
    DeploymentFailure.of(deployer, STATUSES)
        .reports(DeploymentProblem.STORE_STATUSES_NOT_HTTP)
        .names("storeStatuses")
        .namesMethod(StatusListener.class, "onMessage");
  }

  @Test
  void a_listener_whose_scope_names_no_resolver_fails_the_deployment() {
    DeploymentFailure.of(deployer, UNRESOLVED_SCOPE)
        .reports(DeploymentProblem.SCOPE_RESOLVER_MISSING)
        .names(UnresolvedScopeListener.SCOPE)
        .namesMethod(UnresolvedScopeListener.class, "onMessage");
  }
}
