package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.idempotent.principal.AccountCharges;
import dev.fenced.tck.idempotent.principal.AccountRefunds;
import dev.fenced.tck.idempotent.principal.BankResource;
import dev.fenced.tck.idempotent.principal.BankTimers;
import dev.fenced.tck.idempotent.principal.BankUsers;
import dev.fenced.tck.idempotent.principal.BranchScope;
import dev.fenced.tck.idempotent.principal.Callers;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The scope of a key with callers the container authenticates: {@code alice} and {@code bob} log in
 * with HTTP BASIC (Jakarta Security, an identity store of the deployment). Sending one key and one
 * body or argument to a resource method, a session bean or a CDI bean, each gets a run and a replay
 * of their own (before, a bean method called outside HTTP ignored the caller, and bob got alice's
 * stored outcome); {@code scope = "global"} shares one record between them; a named resolver's
 * scope replaces the caller's; an unauthenticated request and an EJB timer, which have no caller,
 * share the global scope. The servers need Jakarta Security with application identity stores (the
 * TCK's README says how to set it up).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentContainerPrincipalTest {

  private static final String ALICE = BankUsers.ALICE;
  private static final String BOB = BankUsers.BOB;
  private static final String GUEST = null;
  private static final String DEPOSIT = "{\"amount\":25}";

  private static final String WEB_XML = BankUsers.webXml("/api/bank/members/*");

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-container-principal")
        .classes(
            BankUsers.class,
            BankResource.class,
            AccountCharges.class,
            AccountRefunds.class,
            BankTimers.class,
            BranchScope.class,
            Callers.class,
            TckTimeouts.class)
        .build()
        .addAsWebInfResource(new StringAsset(WEB_XML), "web.xml");
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("principal");
    key = Http.unique("key");
  }

  /** A request as {@code user}, or unauthenticated when {@code user} is {@code null}. */
  private Reply send(String user, String path, String idempotencyKey, String json) {
    return http.sendWith(
        "Authorization",
        user == null ? null : BankUsers.basic(user),
        "POST",
        path,
        idempotencyKey,
        json);
  }

  private Reply deposit(String user, String kind) {
    return deposit(user, kind, "");
  }

  private Reply deposit(String user, String kind, String query) {
    return send(user, "bank/members/" + kind + "?tag=" + tag + query, key, DEPOSIT);
  }

  /** A call of a bean method with this test's key, through the resource. */
  private String call(String user, String path) {
    Reply reply = send(user, "bank/" + path + "?key=" + key, null, "{}");
    assertEquals(200, reply.status(), () -> user + " " + path + ": " + reply);
    return reply.text();
  }

  @Test
  void the_bank_lets_in_its_users_only() {
    Reply stranger = send("mallory", "bank/members/charges?key=" + key, null, "{}");
    Reply guest = send(GUEST, "bank/members/charges?key=" + key, null, "{}");

    assertAll(
        () -> assertEquals(401, stranger.status(), stranger::describe),
        () -> assertEquals(401, guest.status(), guest::describe),
        () -> assertEquals(0, http.invocations(key), "runs"));
  }

  @Test
  void
      alice_and_bob_sending_one_key_and_body_to_a_resource_get_two_runs_and_each_their_own_replay() {
    Reply alice = deposit(ALICE, "deposits");
    Reply bob = deposit(BOB, "deposits");
    Reply bobAgain = deposit(BOB, "deposits");
    Reply aliceAgain = deposit(ALICE, "deposits");

    assertAll(
        bob.describe(),
        () -> assertEquals(201, alice.status(), alice::describe),
        () -> assertEquals("{\"user\":\"alice\",\"run\":1}", alice.text()),
        () -> assertFalse(bob.replayed(), "bob's request is not alice's replay"),
        () -> assertEquals("{\"user\":\"bob\",\"run\":2}", bob.text()),
        () -> assertTrue(bobAgain.replayed(), () -> "bob's replay: " + bobAgain),
        () -> assertEquals(bob.text(), bobAgain.text(), "bob's replay"),
        () -> assertTrue(aliceAgain.replayed(), () -> "alice's replay: " + aliceAgain),
        () -> assertEquals(alice.text(), aliceAgain.text(), "alice's replay"),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void alice_and_bob_sending_one_key_to_a_session_bean_get_two_runs_and_each_their_own_replay() {
    assertEachCallerRunsOnceAndGetsTheirOwnReplay("members/charges");
  }

  @Test
  void alice_and_bob_sending_one_key_to_a_cdi_bean_get_two_runs_and_each_their_own_replay() {
    assertEachCallerRunsOnceAndGetsTheirOwnReplay("members/refunds");
  }

  /** Alice, bob, bob again and alice again call a bean through {@code path} with one key. */
  private void assertEachCallerRunsOnceAndGetsTheirOwnReplay(String path) {
    String alice = call(ALICE, path);
    String bob = call(BOB, path);
    String bobAgain = call(BOB, path);
    String aliceAgain = call(ALICE, path);

    assertAll(
        () -> assertEquals("alice:1", alice),
        () -> assertEquals("bob:2", bob, "bob's own run, not alice's replay"),
        () -> assertEquals("bob:2", bobAgain, "bob's replay"),
        () -> assertEquals("alice:1", aliceAgain, "alice's replay"),
        () -> assertEquals(2, http.invocations(key), "runs"));
  }

  @Test
  void a_global_resource_method_shares_one_record_between_alice_and_bob() {
    Reply alice = deposit(ALICE, "shared-deposits");
    Reply bob = deposit(BOB, "shared-deposits");

    assertAll(
        bob.describe(),
        () -> assertEquals("{\"user\":\"alice\",\"run\":1}", alice.text(), alice::describe),
        () -> assertTrue(bob.replayed(), "bob gets the replay of alice's deposit"),
        () -> assertEquals(alice.text(), bob.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_global_session_bean_method_shares_one_record_between_alice_and_bob() {
    String alice = call(ALICE, "members/shared-charges");
    String bob = call(BOB, "members/shared-charges");

    assertAll(
        () -> assertEquals("alice:1", alice),
        () -> assertEquals("alice:1", bob, "the replay of alice's run"),
        () -> assertEquals(1, http.invocations(key), "runs"));
  }

  @Test
  void a_named_resolver_scopes_a_resource_method_by_its_scope_instead_of_the_caller() {
    Reply aliceNorth = deposit(ALICE, "branch-deposits", "&branch=north");
    Reply bobNorth = deposit(BOB, "branch-deposits", "&branch=north");
    Reply aliceSouth = deposit(ALICE, "branch-deposits", "&branch=south");

    assertAll(
        aliceSouth.describe(),
        () ->
            assertEquals("{\"user\":\"alice\",\"run\":1}", aliceNorth.text(), aliceNorth::describe),
        () -> assertTrue(bobNorth.replayed(), () -> "one record per branch: " + bobNorth),
        () -> assertEquals(aliceNorth.text(), bobNorth.text()),
        () -> assertFalse(aliceSouth.replayed(), "another branch, another record"),
        () -> assertEquals("{\"user\":\"alice\",\"run\":2}", aliceSouth.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void unauthenticated_calls_share_the_global_scope_and_never_meet_alice() {
    String guest = call(GUEST, "guests/charges");
    String guestAgain = call(GUEST, "guests/charges");
    String alice = call(ALICE, "members/charges");
    String guestRefund = call(GUEST, "guests/refunds");
    String guestRefundAgain = call(GUEST, "guests/refunds");

    assertAll(
        () -> assertEquals(guest, guestAgain, "one global record for the session bean"),
        () -> assertEquals("alice:2", alice, "alice's own run"),
        () -> assertEquals(guestRefund, guestRefundAgain, "one global record for the CDI bean"),
        () -> assertEquals(3, http.invocations(key), "runs"));
  }

  @Test
  void an_ejb_timer_calls_in_the_global_scope_not_in_the_scope_of_who_set_it() {
    String timer = call(ALICE, "members/timed-charges");
    String guest = call(GUEST, "guests/charges");
    String alice = call(ALICE, "members/charges");

    assertAll(
        () -> assertTrue(timer.endsWith(":1"), () -> "the timer's run: " + timer),
        () -> assertEquals(timer, guest, "an unauthenticated call meets the timer's record"),
        () -> assertEquals("alice:2", alice, "alice's own run"),
        () -> assertEquals(2, http.invocations(key), "runs"));
  }
}
