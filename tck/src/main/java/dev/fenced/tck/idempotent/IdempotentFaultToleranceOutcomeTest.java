package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.idempotent.faulttolerance.Payouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What is stored when MicroProfile Fault Tolerance shaped an {@code @Idempotent} call: the outcome
 * of the method's body, never an answer Fault Tolerance made up. A {@code @Timeout} that fires
 * after the body did its work stores what the body returned (the caller still gets the {@code
 * TimeoutException}, a retry the replay, and the work never runs twice, not even when Fault
 * Tolerance retries it); while an asynchronous body runs on after its time-out, the key stays
 * claimed. A {@code @Fallback} answer is not stored: the key is released, and a retry runs the
 * work. A {@code @CircuitBreaker} refusal releases the key at once. {@code @Retry} attempts share
 * one claim and the last one's outcome is replayed.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentFaultToleranceOutcomeTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-fault-tolerance-outcome")
        .classes(Payouts.class)
        .build();
  }

  @Inject Payouts payouts;
  @Inject Invocations invocations;

  private final String key = "payout-" + UUID.randomUUID();

  @Test
  void a_timeout_after_the_payout_stores_it_and_the_retry_replays_it_without_paying_again() {
    assertThrows(TimeoutException.class, () -> payouts.slow(key));

    String retry = payouts.slow(key);

    assertAll(
        () -> assertEquals("paid 1", retry), () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_retry_after_a_timeout_that_fired_after_the_payout_gets_it_without_paying_again() {
    String answer = payouts.slowRetried(key);

    String repeat = payouts.slowRetried(key);

    assertAll(
        () -> assertEquals("paid 1", answer),
        () -> assertEquals("paid 1", repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_fallback_answer_is_not_stored_and_the_retry_runs_the_payout() {
    payouts.outage(key, true);
    String degraded = payouts.withFallback(key);
    payouts.outage(key, false);

    String retry = payouts.withFallback(key);

    assertAll(
        () -> assertEquals("queued", degraded),
        () -> assertEquals("paid 2", retry),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void a_fallback_after_a_payout_that_timed_out_stores_the_payout() {
    String degraded = payouts.slowWithFallback(key);

    String retry = payouts.slowWithFallback(key);

    assertAll(
        () -> assertEquals("queued", degraded),
        () -> assertEquals("paid 1", retry),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void an_open_circuit_releases_the_key_at_once_and_the_retry_after_it_closes_pays() {
    for (String failing : new String[] {key + "-a", key + "-b"}) {
      payouts.outage(failing, true);
      assertThrows(IllegalStateException.class, () -> payouts.guarded(failing));
    }

    Exception refused = assertThrows(Exception.class, () -> payouts.guarded(key));
    Exception refusedAgain = assertThrows(Exception.class, () -> payouts.guarded(key));
    String retry = afterTheCircuitCloses();

    assertAll(
        () -> assertInstanceOf(CircuitBreakerOpenException.class, refused),
        () -> assertInstanceOf(CircuitBreakerOpenException.class, refusedAgain, "not in use"),
        () -> assertEquals("paid 1", retry),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  private String afterTheCircuitCloses() {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      try {
        return payouts.guarded(key);
      } catch (CircuitBreakerOpenException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        pause(Duration.ofMillis(200));
      }
    }
  }

  @Test
  void retried_attempts_share_one_claim_and_the_repeat_replays_the_last_without_attempting() {
    String first = payouts.retried(key);

    String repeat = payouts.retried(key);

    assertAll(
        () -> assertEquals("paid on attempt 3", first),
        () -> assertEquals("paid on attempt 3", repeat),
        () -> assertEquals(3, invocations.count(key), "attempts"));
  }

  @Test
  void an_asynchronous_payout_that_runs_on_after_its_timeout_keeps_the_key_until_it_ends()
      throws Exception {
    CompletableFuture<String> first = payouts.held(key).toCompletableFuture();
    Exception timedOut = assertThrows(Exception.class, () -> Codes.await(first, WAIT));

    ErrorCode duringThePayout = Codes.thrownBy(() -> payouts.held(key));
    payouts.letFinish(key);
    String retry = awaitReplay();

    assertAll(
        () -> assertTrue(causedBy(TimeoutException.class, timedOut), timedOut::toString),
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, duringThePayout),
        () -> assertEquals("paid 1", retry),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  /** The retry once the held payout's outcome is recorded: in use until then. */
  private String awaitReplay() throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      try {
        return Codes.await(payouts.held(key).toCompletableFuture(), WAIT);
      } catch (RuntimeException e) {
        if (System.nanoTime() > deadline || Codes.of(e) != ErrorCode.IDEMPOTENCY_KEY_IN_USE) {
          throw e;
        }
        pause(Duration.ofMillis(100));
      }
    }
  }

  private static boolean causedBy(Class<? extends Throwable> type, Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static void pause(Duration time) {
    try {
      Thread.sleep(time.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
