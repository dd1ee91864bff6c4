package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.idempotent.completionstage.AsyncReports;
import dev.fenced.tck.idempotent.completionstage.ConcurrentReports;
import dev.fenced.tck.idempotent.completionstage.Report;
import dev.fenced.tck.idempotent.completionstage.ReportBuilder;
import dev.fenced.tck.idempotent.completionstage.ReportTransactions;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A non-HTTP {@code @Idempotent} method returning a {@code CompletionStage} claims its key when
 * called and records the value the stage completes with: the caller's stage completes once the
 * value is recorded, a repeat gets a completed {@code CompletableFuture} with it without running, a
 * call while the stage is pending is refused with {@code IDEMPOTENCY_KEY_IN_USE}, and a stage that
 * fails releases the key. Inside a JTA transaction a stage that completes while it is open gives
 * the caller its value at once, and the record waits for the commit (a rollback releases the key).
 * Also with MicroProfile Fault Tolerance's and Jakarta Concurrency's {@code @Asynchronous}, which
 * run the method on another thread.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentCompletionStageTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-completion-stage")
        .classes(
            Report.class,
            ReportBuilder.class,
            ReportTransactions.class,
            ReportTransactions.RolledBack.class,
            AsyncReports.class,
            ConcurrentReports.class)
        .build();
  }

  @Inject ReportBuilder reports;
  @Inject AsyncReports asyncReports;
  @Inject ConcurrentReports concurrentReports;
  @Inject ReportTransactions transactions;
  @Inject Invocations invocations;

  private final String key = "report-" + UUID.randomUUID();

  @Test
  void the_value_of_a_completed_stage_is_replayed_without_running_again() throws Exception {
    CompletableFuture<Report> first = reports.build(key).toCompletableFuture();
    assertFalse(first.isDone(), "pending until the work completes");
    reports.finish(key);
    Report original = Codes.await(first, WAIT);

    CompletionStage<Report> repeat = reports.build(key);

    assertAll(
        () -> assertEquals(new Report(key, 1), original),
        () -> assertTrue(repeat.toCompletableFuture().isDone(), "a replay is already complete"),
        () -> assertEquals(original, repeat.toCompletableFuture().getNow(null)),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_stage_that_fails_releases_the_key_and_the_next_call_runs() throws Exception {
    CompletableFuture<Report> first = reports.build(key).toCompletableFuture();
    reports.fail(key, new IllegalStateException("printer jammed"));
    Exception failure = assertThrows(Exception.class, () -> Codes.await(first, WAIT));

    CompletableFuture<Report> second = reports.build(key).toCompletableFuture();
    reports.finish(key);

    assertAll(
        () -> assertEquals("printer jammed", failure.getMessage()),
        () -> assertEquals(new Report(key, 2), Codes.await(second, WAIT)),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void a_call_while_the_stage_is_pending_is_refused_as_in_use() throws Exception {
    CompletableFuture<Report> first = reports.build(key).toCompletableFuture();

    ErrorCode code = Codes.thrownBy(() -> reports.build(key));
    reports.finish(key);

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, code),
        () -> assertEquals(new Report(key, 1), Codes.await(first, WAIT)),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_fault_tolerance_asynchronous_method_is_run_once_and_replayed() throws Exception {
    Report original = Codes.await(asyncReports.build(key).toCompletableFuture(), WAIT);

    Report repeat = Codes.await(asyncReports.build(key).toCompletableFuture(), WAIT);

    assertAll(
        () -> assertEquals(new Report(key, 1), original),
        () -> assertEquals(original, repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_concurrency_asynchronous_method_is_run_once_and_replayed() throws Exception {
    Report original = Codes.await(concurrentReports.build(key), WAIT);

    Report repeat = Codes.await(concurrentReports.build(key), WAIT);

    assertAll(
        () -> assertEquals(new Report(key, 1), original),
        () -> assertEquals(original, repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void inside_a_transaction_that_rolls_back_the_caller_got_the_value_and_the_key_is_released()
      throws Exception {
    ReportTransactions.RolledBack rolledBack =
        assertThrows(
            ReportTransactions.RolledBack.class, () -> transactions.buildThenRollBack(key));

    CompletableFuture<Report> second = reports.build(key).toCompletableFuture();
    reports.finish(key);

    assertAll(
        () -> assertEquals(new Report(key, 1), rolledBack.report, "completed inside"),
        () -> assertEquals(new Report(key, 2), Codes.await(second, WAIT)),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }
}
