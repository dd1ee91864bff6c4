package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.ExecutionOptions;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.StoreIf;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link CallRunner} with a call that MicroProfile Fault Tolerance shapes: what is recorded is what
 * the {@link BodyWitness} saw the body do, while the caller gets Fault Tolerance's answer. Fault
 * Tolerance is played by the test: it runs the body through the witness and makes its own answer.
 */
class WitnessedCallTest {

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final String TARGET = "com.example.Payouts.pay";

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final ManualTransactions transactions = new ManualTransactions();
  private final CallRunner runner =
      new CallRunner(engine, new OutcomeCodec(JsonbBuilder.create()), transactions, new NoEvents());
  private final AtomicInteger payouts = new AtomicInteger();

  @Test
  void a_fallback_answer_after_the_body_threw_is_returned_and_not_stored() throws Exception {
    BodyWitness witness = new BodyWitness();

    Object degraded = runner.run(call("k"), withFallback(witness, this::bankDown), witness);
    Object retry = runner.run(call("k"), this::pay);

    assertThat(degraded).isEqualTo("queued");
    assertThat(retry).isEqualTo("paid 2");
  }

  @Test
  void a_fallback_answer_for_a_body_that_returned_stores_what_it_returned() throws Exception {
    BodyWitness witness = new BodyWitness();

    Object degraded = runner.run(call("k"), timedOutWithFallback(witness), witness);
    Object retry = runner.run(call("k"), this::pay);

    assertThat(degraded).isEqualTo("queued");
    assertThat(retry).isEqualTo("paid 1");
    assertThat(payouts).hasValue(1);
  }

  @Test
  void a_timeout_reported_after_the_body_returned_stores_its_value_and_reaches_the_caller() {
    BodyWitness witness = new BodyWitness();

    assertThatThrownBy(() -> runner.run(call("k"), timedOut(witness), witness))
        .hasMessage("timed out");

    assertThat(replay("k")).isEqualTo("paid 1");
    assertThat(payouts).hasValue(1);
  }

  @Test
  void a_timeout_after_the_body_threw_releases_the_key() throws Exception {
    BodyWitness witness = new BodyWitness();
    Callable<Object> work =
        () -> {
          try {
            witness.attempt(this::bankDown);
          } catch (IllegalStateException e) {
            // as Fault Tolerance does when the time-out fired first
          }
          throw new IllegalStateException("timed out");
        };

    assertThatThrownBy(() -> runner.run(call("k"), work, witness)).hasMessage("timed out");

    assertThat(runner.run(call("k"), this::pay)).isEqualTo("paid 2");
  }

  @Test
  void a_refusal_before_the_body_releases_the_key_at_once() throws Exception {
    BodyWitness witness = new BodyWitness();
    Callable<Object> openCircuit =
        () -> {
          throw new IllegalStateException("circuit open");
        };

    assertThatThrownBy(() -> runner.run(call("k"), openCircuit, witness))
        .hasMessage("circuit open");

    assertThat(runner.run(call("k"), this::pay)).isEqualTo("paid 1");
  }

  @Test
  void a_fallback_for_a_body_that_never_ran_is_not_stored() throws Exception {
    BodyWitness witness = new BodyWitness();

    Object degraded = runner.run(call("k"), () -> "queued", witness);

    assertThat(degraded).isEqualTo("queued");
    assertThat(runner.run(call("k"), this::pay)).isEqualTo("paid 1");
  }

  @Test
  void retried_attempts_record_the_last_ones_value_under_one_claim() throws Exception {
    BodyWitness witness = new BodyWitness();
    Callable<Object> retried =
        () -> {
          for (int attempt = 1; ; attempt++) {
            try {
              return witness.attempt(attempt < 3 ? this::bankDown : this::pay);
            } catch (IllegalStateException e) {
              // the next attempt
            }
          }
        };

    Object first = runner.run(call("k"), retried, witness);

    assertThat(first).isEqualTo("paid 3");
    assertThat(replay("k")).isEqualTo("paid 3");
    assertThat(payouts).hasValue(3);
  }

  @Test
  void a_retry_after_a_timeout_that_fired_after_the_body_returned_does_not_run_it_again()
      throws Exception {
    BodyWitness witness = new BodyWitness();
    Callable<Object> retriedTimeout =
        () -> {
          Object attempt = witness.attempt(this::pay);
          // the time-out fired as the first attempt returned: Fault Tolerance retries
          return witness.attempt(this::pay) == attempt ? attempt : "ran twice";
        };

    Object answer = runner.run(call("k"), retriedTimeout, witness);

    assertThat(answer).isEqualTo("paid 1");
    assertThat(payouts).hasValue(1);
    assertThat(replay("k")).isEqualTo("paid 1");
  }

  @Test
  void a_retry_on_a_returned_value_runs_the_body_again() throws Exception {
    BodyWitness witness = new BodyWitness(false);
    witness.attempt(this::pay);

    assertThat(witness.attempt(this::pay)).isEqualTo("paid 2");
  }

  @Test
  void a_retry_after_an_asynchronous_body_whose_stage_failed_runs_it_again() throws Exception {
    BodyWitness witness = new BodyWitness();
    witness.attempt(() -> CompletableFuture.failedFuture(new IllegalStateException("bank down")));

    Object second = witness.attempt(this::payLater);

    assertThat(((CompletableFuture<?>) second).get()).isEqualTo("paid 1");
  }

  @Test
  void a_body_that_runs_on_after_the_timeout_keeps_the_key_until_it_ends() throws Exception {
    BodyWitness witness = new BodyWitness();
    CompletableFuture<Void> bankAnswers = new CompletableFuture<>();
    CountDownLatch started = new CountDownLatch(1);
    AtomicReference<CompletableFuture<Void>> body = new AtomicReference<>();
    Callable<Object> timedOut =
        () -> {
          body.set(
              CompletableFuture.runAsync(
                  () -> payWhenTheBankAnswers(witness, started, bankAnswers)));
          started.await();
          throw new IllegalStateException("timed out");
        };

    assertThatThrownBy(() -> runner.run(call("k"), timedOut, witness)).hasMessage("timed out");
    assertRefused(() -> runner.run(call("k"), this::pay), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    bankAnswers.complete(null);
    body.get().join();

    assertThat(replay("k")).isEqualTo("paid 1");
    assertThat(payouts).hasValue(1);
  }

  private void payWhenTheBankAnswers(
      BodyWitness witness, CountDownLatch started, CompletableFuture<Void> bankAnswers) {
    try {
      witness.attempt(
          () -> {
            started.countDown();
            bankAnswers.join();
            return pay();
          });
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void in_a_transaction_a_timed_out_bodys_value_is_stored_after_the_commit() throws Exception {
    BodyWitness witness = new BodyWitness();
    transactions.status = Transactions.Status.ACTIVE;
    assertThatThrownBy(() -> runner.run(call("k"), timedOut(witness), witness))
        .hasMessage("timed out");
    transactions.status = Transactions.Status.NONE;

    assertRefused(() -> runner.run(call("k"), this::pay), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    transactions.end(true);

    assertThat(replay("k")).isEqualTo("paid 1");
  }

  @Test
  void in_a_transaction_that_rolls_back_a_timed_out_bodys_key_is_released() throws Exception {
    BodyWitness witness = new BodyWitness();
    transactions.status = Transactions.Status.ACTIVE;
    assertThatThrownBy(() -> runner.run(call("k"), timedOut(witness), witness))
        .hasMessage("timed out");
    transactions.status = Transactions.Status.NONE;
    transactions.end(false);

    assertThat(runner.run(call("k"), this::pay)).isEqualTo("paid 2");
  }

  @Test
  void an_asynchronous_timeout_keeps_the_key_until_the_bodys_stage_completes() throws Exception {
    BodyWitness witness = new BodyWitness();
    CompletableFuture<Object> bodyStage = new CompletableFuture<>();
    CompletableFuture<Object> answer = new CompletableFuture<>();
    Callable<Object> asynchronous =
        () -> {
          witness.attempt(() -> bodyStage);
          return answer;
        };

    Object returned = runner.run(staged("k"), asynchronous, witness);
    answer.completeExceptionally(new IllegalStateException("timed out"));

    assertThat((CompletableFuture<?>) returned).isCompletedExceptionally();
    assertRefused(() -> runner.run(staged("k"), this::payLater), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    bodyStage.complete(pay());
    assertThat(((CompletableFuture<?>) runner.run(staged("k"), this::payLater)).get())
        .isEqualTo("paid 1");
  }

  @Test
  void an_asynchronous_fallback_answer_is_not_stored() throws Exception {
    BodyWitness witness = new BodyWitness();
    Callable<Object> asynchronous =
        () -> {
          witness.attempt(
              () -> CompletableFuture.failedFuture(new IllegalStateException("bank down")));
          return CompletableFuture.completedFuture("queued");
        };

    Object degraded = runner.run(staged("k"), asynchronous, witness);

    assertThat(((CompletableFuture<?>) degraded).get()).isEqualTo("queued");
    assertThat(((CompletableFuture<?>) runner.run(staged("k"), this::payLater)).get())
        .isEqualTo("paid 1");
  }

  /** Fault Tolerance's {@code @Fallback}: the fallback's answer when the body throws. */
  private static Callable<Object> withFallback(BodyWitness witness, Callable<Object> body) {
    return () -> {
      try {
        return witness.attempt(body);
      } catch (IllegalStateException e) {
        return "queued";
      }
    };
  }

  /** Fault Tolerance's {@code @Timeout} firing while a body that then returns still runs. */
  private Callable<Object> timedOut(BodyWitness witness) {
    return () -> {
      witness.attempt(this::pay);
      throw new IllegalStateException("timed out");
    };
  }

  private Callable<Object> timedOutWithFallback(BodyWitness witness) {
    return () -> {
      try {
        return timedOut(witness).call();
      } catch (IllegalStateException e) {
        return "queued";
      }
    };
  }

  private Object pay() {
    return "paid " + payouts.incrementAndGet();
  }

  private Object bankDown() {
    payouts.incrementAndGet();
    throw new IllegalStateException("bank down");
  }

  private CompletionStage<Object> payLater() {
    return CompletableFuture.completedFuture(pay());
  }

  private Object replay(String key) {
    try {
      return runner.run(
          call(key),
          () -> {
            throw new AssertionError("replays without running");
          });
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static GuardedCall call(String key) {
    return call(key, false);
  }

  private static GuardedCall staged(String key) {
    return call(key, true);
  }

  private static GuardedCall call(String key, boolean staged) {
    return new GuardedCall(
        TARGET,
        key,
        RecordKey.method(key, "com.example.Payouts", "pay"),
        new FingerprintCalculator().ofCall(TARGET, "a".getBytes(StandardCharsets.UTF_8)),
        ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
        String.class,
        StoreIf.NOT_SERVER_ERROR,
        staged);
  }

  private static void assertRefused(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, ErrorCode code) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            IdempotencyException.class, e -> assertThat(e.code()).isEqualTo(code));
  }
}
