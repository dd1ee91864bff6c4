package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.scoped.Tenant;
import dev.fenced.tck.message.scoped.TenantCharges;
import dev.fenced.tck.message.scoped.TenantRefunds;
import dev.fenced.tck.message.scoped.TenantScope;
import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The {@code scope} of an EJB or CDI method's key, as for JAX-RS resources: a named {@code
 * IdempotencyScopeResolver} gives each of its scopes its own records (before, a call outside HTTP
 * ignored the scope, and the second tenant got the first one's stored outcome); {@code scope =
 * "global"} shares one record between them; an unauthenticated call of a method in the default
 * scope has the global scope. The test acts for a tenant of its request ({@link Tenant}).
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentCallScopeTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-call-scope")
        .classes(Tenant.class, TenantScope.class, TenantCharges.class, TenantRefunds.class)
        .build();
  }

  @EJB TenantCharges charges;
  @Inject TenantRefunds refunds;
  @Inject Tenant tenant;
  @Inject Invocations invocations;

  private final String key = "scoped-" + UUID.randomUUID();

  @Test
  void two_tenants_sending_one_key_to_a_session_bean_get_two_runs_and_each_its_own_replay() {
    tenant.actFor("acme");
    int acme = charges.charge(key);
    tenant.actFor("globex");
    int globex = charges.charge(key);
    int globexAgain = charges.charge(key);
    tenant.actFor("acme");
    int acmeAgain = charges.charge(key);

    assertAll(
        () -> assertEquals(1, acme),
        () -> assertEquals(2, globex, "globex's own run, not acme's replay"),
        () -> assertEquals(2, globexAgain, "globex's replay"),
        () -> assertEquals(1, acmeAgain, "acme's replay"),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void two_tenants_sending_one_key_to_a_cdi_bean_get_two_runs() {
    tenant.actFor("acme");
    int acme = refunds.refund(key);
    tenant.actFor("globex");
    int globex = refunds.refund(key);

    assertAll(
        () -> assertEquals(1, acme),
        () -> assertEquals(2, globex, "globex's own run"),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void a_global_scope_shares_one_record_between_tenants() {
    tenant.actFor("acme");
    int acme = charges.chargeForAll(key);
    tenant.actFor("globex");
    int globex = charges.chargeForAll(key);

    assertAll(
        () -> assertEquals(1, acme),
        () -> assertEquals(1, globex, "the replay of acme's run"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void unauthenticated_calls_in_the_default_scope_share_the_global_scope() {
    int first = refunds.refundAsCaller(key);
    int second = refunds.refundAsCaller(key);

    assertAll(
        () -> assertEquals(1, first),
        () -> assertEquals(1, second, "replayed"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
