package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.wait.Failures;
import dev.fenced.tck.message.wait.ReportHandler;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * With {@code onConflict = WAIT} a duplicate blocks while the first call runs and then returns the
 * first call's value without running; it takes the key over when the first call failed; and it
 * gives up with {@code IDEMPOTENCY_WAIT_TIMEOUT} when the first runs longer than {@code
 * waitTimeout}.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentMessageWaitTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  /** How long the duplicate must visibly keep waiting: the first call is held far longer. */
  private static final Duration STILL_WAITING = Duration.ofMillis(500);

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-message-wait")
        .classes(ReportHandler.class, Failures.class)
        .build();
  }

  @Inject ReportHandler handler;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;
  @Inject Failures failures;

  private final String key = "report-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  private CompletableFuture<Integer> startAndHold() throws InterruptedException {
    CompletableFuture<Integer> first = background.start(() -> handler.build(key));
    assertTrue(gates.awaitEntered(key, WAIT), "the first call reached the gate");
    return first;
  }

  private static void assertStillWaiting(CompletableFuture<Integer> duplicate) {
    assertThrows(
        TimeoutException.class,
        () -> duplicate.get(STILL_WAITING.toMillis(), TimeUnit.MILLISECONDS),
        "the duplicate returned or failed while the first call still ran");
  }

  @Test
  void a_duplicate_waits_until_the_first_finishes_and_returns_its_value() throws Exception {
    CompletableFuture<Integer> first = startAndHold();
    CompletableFuture<Integer> duplicate = background.start(() -> handler.build(key));

    assertStillWaiting(duplicate);
    gates.open(key);

    int original = Codes.await(first, WAIT);
    int replayed = Codes.await(duplicate, WAIT);
    assertAll(
        () -> assertEquals(1, original),
        () -> assertEquals(original, replayed, "the duplicate got the first call's value"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_waiting_duplicate_runs_the_method_itself_when_the_first_call_failed() throws Exception {
    failures.failNext(key);
    CompletableFuture<Integer> first = startAndHold();
    CompletableFuture<Integer> duplicate = background.start(() -> handler.build(key));

    assertStillWaiting(duplicate);
    gates.open(key);

    Exception failure = assertThrows(Exception.class, () -> Codes.await(first, WAIT));
    int second = Codes.await(duplicate, WAIT);
    assertAll(
        () -> assertEquals(IllegalStateException.class, failure.getClass(), failure::toString),
        () -> assertEquals(2, second, "the duplicate ran the method after the key was released"),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void a_duplicate_gives_up_with_idempotency_wait_timeout_when_the_first_runs_too_long()
      throws Exception {
    CompletableFuture<Integer> first = background.start(() -> handler.buildQuickly(key));
    assertTrue(gates.awaitEntered(key, WAIT), "the first call reached the gate");

    long start = System.nanoTime();
    ErrorCode code = Codes.thrownBy(() -> handler.buildQuickly(key));
    Duration waited = Duration.ofNanos(System.nanoTime() - start);
    gates.open(key);

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT, code),
        () -> assertFalse(first.isCompletedExceptionally(), "the first call was not disturbed"),
        () ->
            assertTrue(
                waited.compareTo(Duration.ofMillis(250)) >= 0,
                "gave up after " + waited + ", before the wait timeout"),
        () -> assertEquals(1, Codes.await(first, WAIT)),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
