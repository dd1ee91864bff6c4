package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.config.OutcomeCommit;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Execution;
import dev.fenced.core.idempotency.ExecutionOptions;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.TransactionalMemoryStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.StoreIf;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CallRunnerTest {

  public record Shipment(String id, int parcels) {}

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final String TARGET = "com.example.Shipping.onPaid";

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final RecordingEvents events = new RecordingEvents();
  private final ManualTransactions transactions = new ManualTransactions();
  private final CallRunner runner =
      new CallRunner(engine, new OutcomeCodec(JsonbBuilder.create()), transactions, events);
  private final AtomicInteger runs = new AtomicInteger();

  @Test
  void runs_once_and_replays_the_stored_value_with_its_type() throws Exception {
    Object first = runner.run(call("evt-1", "a"), this::ship);
    Object second = runner.run(call("evt-1", "a"), this::ship);

    assertThat(first).isEqualTo(new Shipment("s-1", 1));
    assertThat(second).isEqualTo(first).isInstanceOf(Shipment.class);
    assertThat(runs).hasValue(1);
    assertThat(events.seen).containsExactly("replayed " + TARGET);
  }

  @Test
  void an_exception_releases_the_key_so_a_retry_runs_again() throws Exception {
    assertThatThrownBy(
            () ->
                runner.run(
                    call("evt-1", "a"),
                    () -> {
                      throw new IllegalStateException("broker down");
                    }))
        .hasMessage("broker down");

    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-1", 1));
  }

  @Test
  void a_running_duplicate_is_rejected_as_in_use_and_reported() {
    engine.claim(key("evt-1"), fingerprint("a"), LOCK_TTL);

    assertRefused(
        () -> runner.run(call("evt-1", "a"), this::ship), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    assertThat(runs).hasValue(0);
    assertThat(events.seen).containsExactly("rejected " + TARGET + " IDEMPOTENCY_KEY_IN_USE");
  }

  @Test
  void a_waiting_duplicate_gives_up_after_its_wait_timeout() {
    engine.claim(key("evt-1"), fingerprint("a"), LOCK_TTL);
    GuardedCall waiting =
        call(
            "evt-1",
            "a",
            ExecutionOptions.waiting(Duration.ofHours(1), LOCK_TTL, Duration.ofSeconds(2)));

    assertRefused(() -> runner.run(waiting, this::ship), ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT);
    assertThat(runs).hasValue(0);
  }

  @Test
  void other_arguments_under_a_used_key_are_rejected_as_reused() throws Exception {
    runner.run(call("evt-1", "a"), this::ship);

    assertRefused(
        () -> runner.run(call("evt-1", "b"), this::ship), ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }

  @Test
  void a_result_that_cannot_be_stored_releases_the_key_and_fails_loudly() throws Exception {
    GuardedCall asObject =
        new GuardedCall(
            TARGET,
            "evt-1",
            key("evt-1"),
            fingerprint("a"),
            ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
            Object.class,
            StoreIf.NOT_SERVER_ERROR);

    assertRefused(
        () -> runner.run(asObject, this::ship), ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE);
    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void inside_a_transaction_the_outcome_is_stored_only_after_commit() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    runner.run(call("evt-1", "a"), this::ship);
    transactions.status = Transactions.Status.NONE;

    assertRefused(
        () -> runner.run(call("evt-1", "a"), this::ship), ErrorCode.IDEMPOTENCY_KEY_IN_USE);

    transactions.end(true);
    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-1", 1));
    assertThat(runs).hasValue(1);
  }

  @Test
  void a_second_call_with_the_key_in_the_same_transaction_gets_the_first_calls_outcome()
      throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    Object first = runner.run(call("evt-1", "a"), this::ship);
    Object second = runner.run(call("evt-1", "a"), this::ship);

    assertThat(second).isEqualTo(first).isInstanceOf(Shipment.class);
    assertThat(runs).hasValue(1);
    assertThat(events.seen).containsExactly("replayed " + TARGET);
  }

  @Test
  void another_call_with_the_key_in_the_same_transaction_is_refused_as_reused() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    runner.run(call("evt-1", "a"), this::ship);

    assertRefused(
        () -> runner.run(call("evt-1", "b"), this::ship), ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertThat(runs).hasValue(1);
  }

  @Test
  void the_outcome_a_transaction_kept_is_stored_when_it_commits() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    runner.run(call("evt-1", "a"), this::ship);
    runner.run(call("evt-1", "a"), this::ship);
    transactions.end(true);
    transactions.status = Transactions.Status.NONE;

    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-1", 1));
    assertThat(runs).hasValue(1);
  }

  @Test
  void a_rollback_releases_the_key_so_the_work_runs_again() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    runner.run(call("evt-1", "a"), this::ship);
    transactions.status = Transactions.Status.NONE;

    transactions.end(false);

    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void a_transaction_that_can_only_roll_back_releases_at_once() throws Exception {
    transactions.status = Transactions.Status.ROLLBACK_ONLY;
    runner.run(call("evt-1", "a"), this::ship);
    transactions.status = Transactions.Status.NONE;

    assertThat(transactions.waiting()).isZero();
    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void inside_a_transaction_a_failure_keeps_the_key_in_use_until_the_transaction_ends() {
    transactions.status = Transactions.Status.ACTIVE;
    assertThatThrownBy(() -> runner.run(call("evt-1", "a"), this::failAfterWriting))
        .hasMessage("declined, but the transaction commits");
    transactions.status = Transactions.Status.NONE;

    assertRefused(
        () -> runner.run(call("evt-1", "a"), this::ship), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    assertThat(runs).hasValue(1);
  }

  @Test
  void a_failure_whose_transaction_commits_frees_the_key_after_the_commit() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    assertThatThrownBy(() -> runner.run(call("evt-1", "a"), this::failAfterWriting))
        .hasMessage("declined, but the transaction commits");
    transactions.status = Transactions.Status.NONE;

    transactions.end(true);

    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void inside_a_transaction_a_result_that_cannot_be_stored_keeps_the_key_until_the_end()
      throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    GuardedCall asObject = call("evt-1", "a", Object.class);
    assertRefused(
        () -> runner.run(asObject, this::ship), ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE);
    transactions.status = Transactions.Status.NONE;

    assertRefused(
        () -> runner.run(call("evt-1", "a"), this::ship), ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    transactions.end(true);
    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void a_transaction_that_refuses_to_be_waited_for_releases_the_key_and_returns_the_result()
      throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    transactions.refusal = new IllegalStateException("the transaction is ending");

    Object first = runner.run(call("evt-1", "a"), this::ship);
    transactions.status = Transactions.Status.NONE;

    assertThat(first).isEqualTo(new Shipment("s-1", 1));
    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void a_failure_to_read_the_transaction_releases_the_key() throws Exception {
    transactions.statusFailure = new IllegalStateException("no transaction manager");

    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-1", 1));
    transactions.statusFailure = null;

    assertThat(runner.run(call("evt-1", "a"), this::ship)).isEqualTo(new Shipment("s-2", 2));
  }

  @Test
  void a_void_call_replays_as_null_without_running() throws Exception {
    GuardedCall call =
        new GuardedCall(
            TARGET,
            "evt-1",
            key("evt-1"),
            fingerprint("a"),
            ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
            void.class,
            StoreIf.NOT_SERVER_ERROR);

    runner.run(call, this::ship);

    assertThat(runner.run(call, this::ship)).isNull();
    assertThat(runs).hasValue(1);
  }

  private Shipment failAfterWriting() {
    runs.incrementAndGet();
    throw new IllegalArgumentException("declined, but the transaction commits");
  }

  /**
   * {@code fenced.idempotency.commit=with-work}: in a transaction, the outcome is written as part
   * of it, and the call fails, rolling it back, when that write cannot be made.
   */
  /** A declined card: an exception that is the call's outcome, as a GraphQL business error is. */
  public static class Declined extends Exception {
    private static final long serialVersionUID = 1L;

    public Declined(String message) {
      super(message);
    }
  }

  /** Stores checked exceptions and replays them through their (String) constructor. */
  private static final FailureOutcomes CHECKED =
      new FailureOutcomes() {
        @Override
        public boolean stores(Throwable thrown) {
          return thrown instanceof Exception && !(thrown instanceof RuntimeException);
        }

        @Override
        public Exception replay(StoredFailure failure) {
          return new Declined(failure.message());
        }
      };

  @Nested
  class StoredFailures {

    private GuardedCall declinable(StoreIf storeIf) {
      return storing(storeIf, CHECKED);
    }

    private Shipment decline() throws Declined {
      throw new Declined("card declined in run " + runs.incrementAndGet());
    }

    @Test
    void an_exception_that_is_the_outcome_is_stored_and_replayed() {
      assertThatThrownBy(() -> runner.run(declinable(StoreIf.NOT_SERVER_ERROR), this::decline))
          .isInstanceOf(Declined.class)
          .hasMessage("card declined in run 1");

      assertThatThrownBy(() -> runner.run(declinable(StoreIf.NOT_SERVER_ERROR), this::decline))
          .isInstanceOf(Declined.class)
          .hasMessage("card declined in run 1");
      assertThat(runs).hasValue(1);
      assertThat(events.seen).containsExactly("replayed " + TARGET);
    }

    @Test
    void an_exception_the_outcomes_do_not_store_releases_the_key() throws Exception {
      assertThatThrownBy(
              () ->
                  runner.run(
                      declinable(StoreIf.NOT_SERVER_ERROR),
                      () -> {
                        throw new IllegalStateException("gateway down");
                      }))
          .hasMessage("gateway down");

      assertThat(runner.run(declinable(StoreIf.NOT_SERVER_ERROR), CallRunnerTest.this::ship))
          .isEqualTo(new Shipment("s-1", 1));
    }

    @Test
    void store_if_success_releases_the_key_after_a_stored_kind_of_exception() {
      assertThatThrownBy(() -> runner.run(declinable(StoreIf.SUCCESS), this::decline))
          .hasMessage("card declined in run 1");

      assertThatThrownBy(() -> runner.run(declinable(StoreIf.SUCCESS), this::decline))
          .hasMessage("card declined in run 2");
    }

    @Test
    void inside_a_transaction_the_exception_is_stored_only_after_commit() {
      transactions.status = Transactions.Status.ACTIVE;
      assertThatThrownBy(() -> runner.run(declinable(StoreIf.NOT_SERVER_ERROR), this::decline))
          .isInstanceOf(Declined.class);
      transactions.status = Transactions.Status.NONE;

      transactions.end(false);

      assertThatThrownBy(() -> runner.run(declinable(StoreIf.NOT_SERVER_ERROR), this::decline))
          .hasMessage("card declined in run 2");
    }
  }

  /** Thrown after the card was charged: what {@code @Idempotent(storeOn)} lists. */
  public static class ChargeCaptured extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ChargeCaptured(String message) {
      super(message);
    }
  }

  /** A subclass a replay cannot rebuild: it takes no message. */
  public static class LedgerWriteFailed extends ChargeCaptured {
    private static final long serialVersionUID = 1L;

    public LedgerWriteFailed(int attempt) {
      super("charged, then the ledger write failed in run " + attempt);
    }
  }

  private GuardedCall choosing(StoreIf storeIf) {
    return storing(
        storeIf, ExceptionReplay.of(List.of(ChargeCaptured.class), FailureOutcomes.NONE));
  }

  /** A call of {@code evt-1} whose exceptions {@code failures} may store. */
  private static GuardedCall storing(StoreIf storeIf, FailureOutcomes failures) {
    return new GuardedCall(
        TARGET,
        "evt-1",
        key("evt-1"),
        fingerprint("a"),
        ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
        Shipment.class,
        storeIf,
        false,
        failures);
  }

  private Shipment chargeThenFail() {
    throw new ChargeCaptured("charged, then failed in run " + runs.incrementAndGet());
  }

  @Nested
  class ChosenExceptions {

    @ParameterizedTest
    @EnumSource(StoreIf.class)
    void a_listed_exception_is_stored_and_thrown_again_whatever_store_if_says(StoreIf storeIf) {
      assertThatThrownBy(() -> runner.run(choosing(storeIf), CallRunnerTest.this::chargeThenFail))
          .isInstanceOf(ChargeCaptured.class)
          .hasMessage("charged, then failed in run 1");

      assertThatThrownBy(() -> runner.run(choosing(storeIf), CallRunnerTest.this::chargeThenFail))
          .isExactlyInstanceOf(ChargeCaptured.class)
          .hasMessage("charged, then failed in run 1");
      assertThat(runs).hasValue(1);
      assertThat(events.seen).containsExactly("replayed " + TARGET);
    }

    @Test
    void a_listed_exception_is_stored_when_its_transaction_rolls_back() {
      transactions.status = Transactions.Status.ACTIVE;
      assertThatThrownBy(
              () ->
                  runner.run(
                      choosing(StoreIf.NOT_SERVER_ERROR), CallRunnerTest.this::chargeThenFail))
          .isInstanceOf(ChargeCaptured.class);
      transactions.status = Transactions.Status.NONE;

      transactions.end(false);

      assertThatThrownBy(
              () ->
                  runner.run(
                      choosing(StoreIf.NOT_SERVER_ERROR), CallRunnerTest.this::chargeThenFail))
          .hasMessage("charged, then failed in run 1");
      assertThat(runs).hasValue(1);
    }

    @Test
    void a_subclass_a_replay_cannot_rebuild_is_thrown_again_as_the_listed_class() {
      Callable<Shipment> failing =
          () -> {
            throw new LedgerWriteFailed(runs.incrementAndGet());
          };
      assertThatThrownBy(() -> runner.run(choosing(StoreIf.SUCCESS), failing))
          .isInstanceOf(LedgerWriteFailed.class);

      assertThatThrownBy(() -> runner.run(choosing(StoreIf.SUCCESS), failing))
          .isExactlyInstanceOf(ChargeCaptured.class)
          .hasMessage("charged, then the ledger write failed in run 1");
    }

    @Test
    void an_exception_that_is_not_listed_still_releases_the_key() throws Exception {
      assertThatThrownBy(
              () ->
                  runner.run(
                      choosing(StoreIf.NOT_SERVER_ERROR),
                      () -> {
                        throw new IllegalStateException("gateway down");
                      }))
          .hasMessage("gateway down");

      assertThat(runner.run(choosing(StoreIf.NOT_SERVER_ERROR), CallRunnerTest.this::ship))
          .isEqualTo(new Shipment("s-1", 1));
    }
  }

  @Nested
  class WithWork {

    private final TransactionalMemoryStore store = new TransactionalMemoryStore(time::nanoTime);
    private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
    private final CallRunner runner =
        new CallRunner(
            engine,
            new OutcomeCodec(JsonbBuilder.create()),
            transactions,
            events,
            OutcomeCommit.WITH_WORK);

    @Test
    void the_outcome_is_written_in_the_transaction_and_replayed_once_it_committed()
        throws Exception {
      transactions.status = Transactions.Status.ACTIVE;
      Object first = runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);
      int written = store.pendingWrites();
      store.commit();
      transactions.end(true);
      transactions.status = Transactions.Status.NONE;

      Object second = runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);

      assertThat(written).as("writes waiting for the commit").isEqualTo(1);
      assertThat(second).isEqualTo(first);
      assertThat(runs).hasValue(1);
      assertThat(store.releaseCalls).hasValue(0);
      assertThat(transactions.rollbackOnly).isFalse();
    }

    @Test
    void a_rollback_takes_the_outcome_with_it_and_releases_the_key_for_a_retry() throws Exception {
      transactions.status = Transactions.Status.ACTIVE;
      runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);
      store.rollback();
      transactions.end(false);
      transactions.status = Transactions.Status.NONE;

      Object retried = runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);

      assertThat(retried).isEqualTo(new Shipment("s-2", 2));
      assertThat(store.releaseCalls).hasValue(1);
    }

    @Test
    void a_duplicate_before_the_commit_is_told_the_key_is_in_use() throws Exception {
      transactions.status = Transactions.Status.ACTIVE;
      runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);
      transactions.status = Transactions.Status.NONE; // the duplicate is outside the transaction

      assertRefused(
          () -> runner.run(call("evt-1", "a"), CallRunnerTest.this::ship),
          ErrorCode.IDEMPOTENCY_KEY_IN_USE);
      assertThat(runs).hasValue(1);
    }

    @Test
    void a_second_call_with_the_key_in_the_same_transaction_gets_the_first_calls_outcome()
        throws Exception {
      transactions.status = Transactions.Status.ACTIVE;
      Object first = runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);
      Object second = runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);

      assertThat(second).isEqualTo(first);
      assertThat(runs).hasValue(1);
      assertThat(store.pendingWrites()).as("one write waits for the commit").isEqualTo(1);
    }

    @Test
    void a_lock_lost_before_the_write_fails_the_call_and_marks_the_transaction_rollback_only() {
      transactions.status = Transactions.Status.ACTIVE;
      store.refuseWrites = true;

      assertRefused(
          () -> runner.run(call("evt-1", "a"), CallRunnerTest.this::ship),
          ErrorCode.IDEMPOTENCY_LOCK_LOST);

      assertThat(transactions.rollbackOnly).isTrue();
      assertThat(events.seen)
          .containsExactly("lockLost " + TARGET, "rejected " + TARGET + " IDEMPOTENCY_LOCK_LOST");
      transactions.end(false);
      assertThat(store.releaseCalls).as("releases after the rollback").hasValue(1);
    }

    @Test
    void a_store_that_fails_the_write_fails_the_call_and_marks_the_transaction_rollback_only() {
      transactions.status = Transactions.Status.ACTIVE;
      store.failWrites = true;

      assertRefused(
          () -> runner.run(call("evt-1", "a"), CallRunnerTest.this::ship),
          ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE);

      assertThat(transactions.rollbackOnly).isTrue();
      assertThat(transactions.waiting()).as("the release waits for the rollback").isEqualTo(1);
    }

    @Test
    void without_a_transaction_the_outcome_is_recorded_when_the_call_returns() throws Exception {
      runner.run(call("evt-1", "a"), CallRunnerTest.this::ship);

      assertThat(store.writesWithWork).hasValue(0);
      assertThat(runner.run(call("evt-1", "a"), CallRunnerTest.this::ship))
          .isEqualTo(new Shipment("s-1", 1));
    }

    @Test
    void a_call_whose_work_committed_without_its_outcome_is_refused_as_outcome_lost() {
      GuardedCall call = call("evt-1", "a");
      Execution first =
          ((Claim.Claimed) engine.claim(call.recordKey(), call.fingerprint(), LOCK_TTL))
              .execution();
      first.markCommittedWithWork(Duration.ofHours(1));
      store.commit();
      store.extendDown = true; // the first attempt's server is gone
      time.advance(LOCK_TTL.multipliedBy(2));

      assertRefused(
          () -> runner.run(call, CallRunnerTest.this::ship), ErrorCode.IDEMPOTENCY_OUTCOME_LOST);
      assertThat(runs).hasValue(0);
      assertThat(events.seen).contains("rejected " + TARGET + " IDEMPOTENCY_OUTCOME_LOST");
    }

    @Test
    void a_listed_exception_is_stored_after_the_rollback_not_with_the_work() {
      transactions.status = Transactions.Status.ACTIVE;
      assertThatThrownBy(
              () ->
                  runner.run(
                      choosing(StoreIf.NOT_SERVER_ERROR), CallRunnerTest.this::chargeThenFail))
          .isInstanceOf(ChargeCaptured.class);
      store.rollback();
      transactions.end(false);
      transactions.status = Transactions.Status.NONE;

      assertThatThrownBy(
              () ->
                  runner.run(
                      choosing(StoreIf.NOT_SERVER_ERROR), CallRunnerTest.this::chargeThenFail))
          .hasMessage("charged, then failed in run 1");
      assertThat(store.writesWithWork).hasValue(0);
      assertThat(runs).hasValue(1);
    }

    @Test
    void a_call_that_threw_writes_nothing_with_the_work_and_is_released_after_the_transaction() {
      transactions.status = Transactions.Status.ACTIVE;

      assertThatThrownBy(
              () ->
                  runner.run(
                      call("evt-1", "a"),
                      () -> {
                        throw new IllegalStateException("declined");
                      }))
          .hasMessage("declined");
      transactions.end(true);

      assertThat(store.writesWithWork).hasValue(0);
      assertThat(store.releaseCalls).hasValue(1);
    }
  }

  private Shipment ship() {
    int n = runs.incrementAndGet();
    return new Shipment("s-" + n, n);
  }

  private static GuardedCall call(String key, String arguments) {
    return call(key, arguments, ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL));
  }

  private static GuardedCall call(String key, String arguments, Class<?> resultType) {
    return new GuardedCall(
        TARGET,
        key,
        key(key),
        fingerprint(arguments),
        ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
        resultType,
        StoreIf.NOT_SERVER_ERROR);
  }

  private static GuardedCall call(String key, String arguments, ExecutionOptions options) {
    return new GuardedCall(
        TARGET,
        key,
        key(key),
        fingerprint(arguments),
        options,
        Shipment.class,
        StoreIf.NOT_SERVER_ERROR);
  }

  private static RecordKey key(String key) {
    return RecordKey.method(key, "com.example.Shipping", "onPaid");
  }

  private static dev.fenced.core.idempotency.Fingerprint fingerprint(String arguments) {
    return new FingerprintCalculator().ofCall(TARGET, arguments.getBytes(StandardCharsets.UTF_8));
  }

  private static void assertRefused(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, ErrorCode code) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            IdempotencyException.class, e -> assertThat(e.code()).isEqualTo(code));
  }

  private static final class RecordingEvents implements IdempotencyEvents {
    final List<String> seen = new ArrayList<>();

    @Override
    public void replayed(String target, String key) {
      seen.add("replayed " + target);
    }

    @Override
    public void rejected(String target, String key, ErrorCode code) {
      seen.add("rejected " + target + " " + code);
    }

    @Override
    public void lockLost(String target, String key) {
      seen.add("lockLost " + target);
    }
  }
}
