package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.config.OutcomeCommit;
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
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link CallRunner} with calls that return a {@code CompletionStage} ({@code staged}). */
class StagedCallTest {

  public record Shipment(String id, int parcels) {}

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final String TARGET = "com.example.Shipping.onPaidAsync";

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final ManualTransactions transactions = new ManualTransactions();
  private final CallRunner runner =
      new CallRunner(
          engine,
          new OutcomeCodec(JsonbBuilder.create()),
          transactions,
          new NoEvents(),
          OutcomeCommit.AFTER_WORK);
  private final AtomicInteger runs = new AtomicInteger();
  private final CompletableFuture<Shipment> pending = new CompletableFuture<>();

  @Test
  void the_value_of_a_completed_stage_is_replayed_as_a_completed_future_without_running_again()
      throws Exception {
    Object first = runner.run(call("evt-1"), this::shipAtOnce);
    Object second = runner.run(call("evt-1"), this::shipAtOnce);

    assertThat(value(first)).isEqualTo(new Shipment("s-1", 1));
    assertThat(second).isInstanceOf(CompletableFuture.class);
    assertThat(stage(second)).isCompletedWithValue(new Shipment("s-1", 1));
    assertThat(runs).hasValue(1);
  }

  @Test
  void a_call_while_the_stage_is_pending_is_refused_as_in_use() throws Exception {
    Object first = runner.run(call("evt-1"), this::shipLater);

    assertThat((CompletableFuture<?>) first).isNotDone();
    assertRefused(
        () -> runner.run(call("evt-1"), this::shipAtOnce), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
  }

  @Test
  void the_lock_is_renewed_until_the_stage_completes() throws Exception {
    runner.run(call("evt-1"), this::shipLater);

    time.advance(LOCK_TTL.multipliedBy(5));

    assertRefused(
        () -> runner.run(call("evt-1"), this::shipAtOnce), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
  }

  @Test
  void the_caller_sees_completion_only_once_the_value_is_recorded() throws Exception {
    CompletableFuture<Object> first = stage(runner.run(call("evt-1"), this::shipLater));
    Object[] replayedWhenSeen = new Object[1];
    first.thenRun(() -> replayedWhenSeen[0] = replay("evt-1"));

    pending.complete(new Shipment("s-9", 9));

    assertThat(first).isCompletedWithValue(new Shipment("s-9", 9));
    assertThat(replayedWhenSeen[0]).isEqualTo(new Shipment("s-9", 9));
  }

  @Test
  void a_stage_that_fails_releases_the_key_and_the_caller_gets_its_exception() throws Exception {
    CompletableFuture<Object> first = stage(runner.run(call("evt-1"), this::shipLater));
    IllegalStateException failure = new IllegalStateException("carrier down");

    pending.completeExceptionally(failure);

    assertThatThrownBy(first::get).isInstanceOf(ExecutionException.class).hasCause(failure);
    assertThat(value(runner.run(call("evt-1"), this::shipAtOnce)))
        .isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void a_call_that_throws_before_returning_a_stage_releases_the_key() throws Exception {
    assertThatThrownBy(
            () ->
                runner.run(
                    call("evt-1"),
                    () -> {
                      throw new IllegalStateException("no carrier");
                    }))
        .hasMessage("no carrier");

    assertThat(value(runner.run(call("evt-1"), this::shipAtOnce)))
        .isEqualTo(new Shipment("s-1", 1));
  }

  @Test
  void a_null_stage_releases_the_key_and_is_refused_as_not_storable() throws Exception {
    assertRefused(
        () -> runner.run(call("evt-1"), () -> null), ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE);

    assertThat(value(runner.run(call("evt-1"), this::shipAtOnce)))
        .isEqualTo(new Shipment("s-1", 1));
  }

  @Test
  void a_value_that_cannot_be_stored_fails_the_stage_and_releases_the_key() throws Exception {
    CompletableFuture<Object> first =
        stage(runner.run(call("evt-1", Object.class), this::shipAtOnce));

    assertThatThrownBy(first::get)
        .hasCauseInstanceOf(IdempotencyException.class)
        .cause()
        .satisfies(
            e ->
                assertThat(((IdempotencyException) e).code())
                    .isEqualTo(ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE));
    assertThat(value(runner.run(call("evt-1"), this::shipAtOnce)))
        .isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void in_a_transaction_a_stage_completed_before_the_commit_is_recorded_after_it()
      throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    CompletableFuture<Object> first = stage(runner.run(call("evt-1"), this::shipAtOnce));
    transactions.status = Transactions.Status.NONE;

    assertThat(first).isCompletedWithValue(new Shipment("s-1", 1));
    assertRefused(
        () -> runner.run(call("evt-1"), this::shipAtOnce), ErrorCode.IDEMPOTENCY_KEY_IN_USE);

    transactions.end(true);
    assertThat(replay("evt-1")).isEqualTo(new Shipment("s-1", 1));
  }

  @Test
  void in_a_transaction_that_rolls_back_a_completed_stage_releases_the_key() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    runner.run(call("evt-1"), this::shipAtOnce);
    transactions.status = Transactions.Status.NONE;

    transactions.end(false);

    assertThat(value(runner.run(call("evt-1"), this::shipAtOnce)))
        .isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void a_stage_completed_after_the_commit_is_recorded_before_the_caller_sees_it() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    CompletableFuture<Object> first = stage(runner.run(call("evt-1"), this::shipLater));
    transactions.status = Transactions.Status.NONE;
    transactions.end(true);
    Object[] replayedWhenSeen = new Object[1];
    first.thenRun(() -> replayedWhenSeen[0] = replay("evt-1"));

    pending.complete(new Shipment("s-7", 7));

    assertThat(replayedWhenSeen[0]).isEqualTo(new Shipment("s-7", 7));
  }

  private CompletableFuture<Shipment> shipAtOnce() {
    return CompletableFuture.completedFuture(ship());
  }

  private CompletableFuture<Shipment> shipLater() {
    runs.incrementAndGet();
    return pending;
  }

  private Shipment ship() {
    int n = runs.incrementAndGet();
    return new Shipment("s-" + n, n);
  }

  private Object replay(String key) {
    try {
      return value(runner.run(call(key), () -> CompletableFuture.completedFuture(null)));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static CompletableFuture<Object> stage(Object returned) {
    assertThat(returned).isInstanceOf(CompletableFuture.class);
    return (CompletableFuture<Object>) returned;
  }

  private static Object value(Object returned) throws Exception {
    assertThat(returned).isInstanceOf(CompletableFuture.class);
    return ((CompletableFuture<?>) returned).get();
  }

  private static GuardedCall call(String key) {
    return call(key, Shipment.class);
  }

  private static GuardedCall call(String key, Type valueType) {
    return new GuardedCall(
        TARGET,
        key,
        RecordKey.method(key, "com.example.Shipping", "onPaidAsync"),
        new FingerprintCalculator().ofCall(TARGET, "a".getBytes(StandardCharsets.UTF_8)),
        ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
        valueType,
        StoreIf.NOT_SERVER_ERROR,
        true);
  }

  private static void assertRefused(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, ErrorCode code) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            IdempotencyException.class, e -> assertThat(e.code()).isEqualTo(code));
  }
}
