package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.TransactionalMemoryStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.DetectedBy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Execution#completeWithWork}: the outcome is written once, as part of the caller's
 * transaction, renewal stops, and the execution ends only when the transaction does ({@link
 * TransactionalMemoryStore} holds the write until the test commits or rolls back).
 */
class ExecutionCompleteWithWorkTest {

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final Duration TTL = Duration.ofHours(1);
  private static final RecordKey KEY = RecordKey.method("pay-1", "com.example.Payments", "charge");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator()
          .ofCall("charge", "{\"amount\":10}".getBytes(StandardCharsets.UTF_8));
  private static final byte[] RECEIPT = "charged".getBytes(StandardCharsets.UTF_8);

  private final ManualTime time = new ManualTime();
  private final TransactionalMemoryStore store = new TransactionalMemoryStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);

  @Test
  void the_outcome_written_with_the_work_is_replayed_once_the_transaction_commits() {
    Execution execution = claim();

    Completion completion = execution.completeWithWork(RECEIPT, TTL);
    boolean visibleBeforeCommit =
        !(engine.claim(KEY, FINGERPRINT, LOCK_TTL) instanceof Claim.InUse);
    store.commit();
    execution.endCommitted();

    assertThat(completion).isEqualTo(Completion.STORED);
    assertThat(visibleBeforeCommit).as("the outcome seen before the commit").isFalse();
    assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL))
        .isInstanceOfSatisfying(
            Claim.Replay.class, replay -> assertThat(replay.payload()).isEqualTo(RECEIPT));
    assertThat(store.releaseCalls).hasValue(0);
  }

  @Test
  void writing_with_the_work_stops_renewal_so_nothing_waits_for_the_callers_transaction() {
    Execution execution = claim();
    execution.completeWithWork(RECEIPT, TTL);
    int extendsAfter = store.extendCalls.get();

    time.advance(LOCK_TTL.multipliedBy(5));

    assertThat(store.extendCalls).hasValue(extendsAfter);
    assertThat(execution.isLockLost()).isFalse();
  }

  @Test
  void after_a_rollback_closing_the_execution_releases_the_key_for_a_retry() {
    Execution execution = claim();
    execution.completeWithWork(RECEIPT, TTL);

    store.rollback();
    execution.close();

    assertThat(store.releaseCalls).hasValue(1);
    assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void after_a_commit_closing_the_execution_releases_nothing() {
    Execution execution = claim();
    execution.completeWithWork(RECEIPT, TTL);
    store.commit();

    execution.endCommitted();
    execution.close();

    assertThat(store.releaseCalls).hasValue(0);
  }

  @Test
  void an_owner_whose_lock_was_taken_over_gets_lock_lost_and_its_listeners_hear_it() {
    Execution execution = claim();
    List<DetectedBy> heard = new ArrayList<>();
    execution.onLockLost(heard::add);
    store.refuseWrites = true;

    Completion completion = execution.completeWithWork(RECEIPT, TTL);

    assertThat(completion).isEqualTo(Completion.LOCK_LOST);
    assertThat(heard).containsExactly(DetectedBy.RENEWAL);
    assertThat(store.pendingWrites()).isZero();
  }

  @Test
  void a_lock_already_lost_is_not_written_at_all() {
    Execution execution = claim();
    store.extendDown = true;
    time.advance(LOCK_TTL);

    Completion completion = execution.completeWithWork(RECEIPT, TTL);

    assertThat(execution.lockLoss()).contains(DetectedBy.DEADLINE);
    assertThat(completion).isEqualTo(Completion.LOCK_LOST);
    assertThat(store.writesWithWork).hasValue(0);
  }

  @Test
  void a_failing_store_statement_is_reported_not_thrown_and_tried_once() {
    Execution execution = claim();
    store.failWrites = true;

    Completion completion = execution.completeWithWork(RECEIPT, TTL);

    assertThat(completion).isEqualTo(Completion.STORE_UNAVAILABLE);
    assertThat(store.writesWithWork).hasValue(1);
  }

  @Test
  void a_store_that_cannot_write_with_the_work_is_refused() {
    IdempotencyEngine plain =
        new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time);
    Execution execution = ((Claim.Claimed) plain.claim(KEY, FINGERPRINT, LOCK_TTL)).execution();

    assertThatThrownBy(() -> execution.completeWithWork(RECEIPT, TTL))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot write in the caller's transaction");
  }

  @Test
  void an_execution_that_already_ended_cannot_complete_with_the_work() {
    Execution execution = claim();
    execution.release();

    assertThatThrownBy(() -> execution.completeWithWork(RECEIPT, TTL))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("already completed or released");
  }

  private Execution claim() {
    return ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, LOCK_TTL)).execution();
  }
}
