package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.idempotent.faulttolerance.CircuitOpenMapper;
import dev.fenced.tck.idempotent.faulttolerance.PayoutResource;
import dev.fenced.tck.idempotent.faulttolerance.Payouts;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What is stored when MicroProfile Fault Tolerance shaped a synchronous {@code @Idempotent} JAX-RS
 * resource method: the response of the method's body, never one Fault Tolerance made up. A
 * {@code @Timeout} (alone or followed by a {@code @Fallback}) that fires after the body paid
 * answers with the body's own response, which a retry gets replayed: the payout runs once. A
 * {@code @Fallback} after the body failed, or an open circuit that the application maps to 429, is
 * answered but not stored: the key is released and a retry runs the payout.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentFaultToleranceResourceTest {

  private static final String PAYOUT = "{\"amount\":30}";
  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-fault-tolerance-resource")
        .classes(PayoutResource.class, Payouts.class, CircuitOpenMapper.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("payout");
    key = Http.unique("key");
  }

  private Reply pay(String path) {
    return http.post("payouts/" + path + "?tag=" + tag, key, PAYOUT);
  }

  private void outage(String forTag, boolean down) {
    Reply switched = http.post("payouts/outage?tag=" + forTag + "&down=" + down, null, "");
    assertEquals(204, switched.status(), switched::describe);
  }

  @Test
  void a_timeout_after_the_payout_answers_the_payout_and_the_retry_replays_it_without_paying() {
    Reply first = pay("slow");
    Reply retry = pay("slow");

    assertAll(
        retry.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals("{\"paid\":1}", first.text()),
        () -> assertEquals(201, retry.status()),
        () -> assertTrue(retry.replayed(), "replayed"),
        () -> assertEquals("{\"paid\":1}", retry.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_fallback_after_a_payout_that_timed_out_is_replaced_by_the_payout_and_stored() {
    Reply first = pay("slow-with-fallback");
    Reply retry = pay("slow-with-fallback");

    assertAll(
        retry.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals("{\"paid\":1}", first.text()),
        () -> assertTrue(retry.replayed(), "replayed"),
        () -> assertEquals("{\"paid\":1}", retry.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_fallback_response_is_not_stored_and_the_retry_runs_the_payout() {
    outage(tag, true);
    Reply degraded = pay("with-fallback");
    outage(tag, false);
    Reply retry = pay("with-fallback");

    assertAll(
        retry.describe(),
        () -> assertEquals(202, degraded.status(), degraded::describe),
        () -> assertEquals("{\"queued\":true}", degraded.text()),
        () -> assertEquals(201, retry.status()),
        () -> assertFalse(retry.replayed(), "replayed"),
        () -> assertEquals("{\"paid\":2}", retry.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void an_open_circuit_mapped_below_500_is_not_stored_and_the_retry_after_it_closes_pays() {
    for (String failing : new String[] {tag + "-a", tag + "-b"}) {
      outage(failing, true);
      Reply failed = http.post("payouts/guarded?tag=" + failing, Http.unique("key"), PAYOUT);
      assertEquals(500, failed.status(), failed::describe);
    }

    Reply refused = pay("guarded");
    Reply refusedAgain = pay("guarded");
    Reply retry = afterTheCircuitCloses();

    assertAll(
        retry.describe(),
        () -> assertEquals(429, refused.status(), refused::describe),
        () -> assertEquals(429, refusedAgain.status(), refusedAgain::describe),
        () -> assertFalse(refusedAgain.replayed(), "the refusal replayed"),
        () -> assertEquals(201, retry.status()),
        () -> assertEquals("{\"paid\":1}", retry.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  private Reply afterTheCircuitCloses() {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      Reply reply = pay("guarded");
      if (reply.status() != 429 || System.nanoTime() > deadline) {
        return reply;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }
}
