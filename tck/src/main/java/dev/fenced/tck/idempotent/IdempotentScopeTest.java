package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.scope.HeaderPrincipalFilter;
import dev.fenced.tck.idempotent.scope.WalletResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keys are scoped by the authenticated caller: two principals' equal keys are two records;
 * unauthenticated calls share one global scope; a key cannot spell its way into another scope. The
 * deployment authenticates from a test header in a JAX-RS filter.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentScopeTest {

  private static final String TOP_UP = "{\"amount\":25}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-scope")
        .classes(WalletResource.class, HeaderPrincipalFilter.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("scope");
    key = Http.unique("key");
  }

  private Reply topUp(String user, String sentKey) {
    return http.sendWith(
        HeaderPrincipalFilter.USER_HEADER,
        user,
        "POST",
        "wallet/top-ups?tag=" + tag,
        sentKey,
        TOP_UP);
  }

  @Test
  void two_principals_with_one_key_get_two_records_and_two_runs() {
    Reply alice = topUp("alice", key);
    Reply bob = topUp("bob", key);
    Reply bobAgain = topUp("bob", key);

    assertAll(
        bob.describe(),
        () -> assertEquals(201, alice.status(), alice::describe),
        () -> assertEquals("{\"user\":\"alice\",\"run\":1}", alice.text()),
        () -> assertEquals(201, bob.status()),
        () -> assertFalse(bob.replayed(), "not replayed"),
        () -> assertEquals("{\"user\":\"bob\",\"run\":2}", bob.text()),
        () -> assertTrue(bobAgain.replayed(), () -> "bob's own record replays: " + bobAgain),
        () -> assertEquals(bob.text(), bobAgain.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void one_principal_repeating_its_key_gets_the_replay() {
    topUp("alice", key);
    topUp("bob", key);
    Reply again = topUp("alice", key);

    assertAll(
        again.describe(),
        () -> assertTrue(again.replayed(), "replayed"),
        () -> assertEquals("{\"user\":\"alice\",\"run\":1}", again.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void unauthenticated_calls_share_one_global_scope() {
    Reply first = topUp(null, key);
    Reply second = topUp(null, key);

    assertAll(
        second.describe(),
        () -> assertEquals("{\"user\":null,\"run\":1}", first.text()),
        () -> assertTrue(second.replayed(), "replayed"),
        () -> assertEquals(first.text(), second.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void an_authenticated_and_an_unauthenticated_call_with_one_key_do_not_meet() {
    Reply anonymous = topUp(null, key);
    Reply alice = topUp("alice", key);

    assertAll(
        alice.describe(),
        () -> assertEquals(201, anonymous.status(), anonymous::describe),
        () -> assertEquals(201, alice.status()),
        () -> assertFalse(alice.replayed(), "not replayed"),
        () -> assertEquals("{\"user\":\"alice\",\"run\":2}", alice.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void a_key_cannot_impersonate_another_scope() {
    // unencoded, both record keys would read "alice:x:<key>"
    Reply first = topUp("alice:x", key);
    Reply second = topUp("alice", "x:" + key);
    Reply secondAgain = topUp("alice", "x:" + key);

    assertAll(
        second.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals(201, second.status()),
        () -> assertFalse(second.replayed(), "not replayed"),
        () -> assertTrue(secondAgain.replayed(), () -> "its own record replays: " + secondAgain),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }
}
