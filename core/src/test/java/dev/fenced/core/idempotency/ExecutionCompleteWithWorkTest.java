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
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Execution#completeWithWork}: the outcome is written once, as part of the caller's
 * transaction, renewal stops, and the execution ends only when the transaction does; and its commit
 * marks ({@link CommitMarks}). {@link TransactionalMemoryStore} holds the writes until the test
 * commits or rolls back.
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

  /**
   * {@link Execution#markCommittedWithWork}: the commit mark is written in the caller's
   * transaction, renewal pauses until that transaction ends, and after a commit the record is never
   * run again, whether or not the attempt lives to record its outcome ({@link
   * TransactionalMemoryStore} keeps the SPI's rules for marked records).
   */
  @Nested
  class CommitMarks {

    @Test
    void a_mark_the_store_failed_leaves_one_renewal_and_none_once_the_execution_ended() {
      Execution execution = claim();
      store.failWrites = true;
      Completion failed = execution.markCommittedWithWork(TTL);
      store.failWrites = false;
      store.rollback();
      execution.markEnded(false); // the failed mark rolled the transaction back
      int before = store.extendCalls.get();
      time.advance(LOCK_TTL); // one renewal renews three times a ttl
      int inOneTtl = store.extendCalls.get() - before;
      execution.close();
      int afterClose = store.extendCalls.get();
      time.advance(LOCK_TTL.multipliedBy(4));

      assertThat(failed).isEqualTo(Completion.STORE_UNAVAILABLE);
      assertThat(inOneTtl).as("renewals in one lock ttl").isLessThanOrEqualTo(3);
      assertThat(store.extendCalls).as("renewals after the close").hasValue(afterClose);
    }

    @Test
    void a_mark_takes_effect_only_when_the_callers_transaction_commits() {
      Execution execution = claim();

      Completion marked = execution.markCommittedWithWork(TTL);
      boolean markedBeforeCommit = store.marked(KEY.value());
      store.commit();
      execution.markEnded(true);

      assertThat(marked).isEqualTo(Completion.STORED);
      assertThat(markedBeforeCommit).as("marked before the commit").isFalse();
      assertThat(store.marked(KEY.value())).as("marked after the commit").isTrue();
    }

    @Test
    void a_retry_after_the_attempt_died_past_its_lock_gets_outcome_lost_and_never_runs() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      store.commit();
      // the server halts here: no markEnded, no renewal, no complete
      store.extendDown = true;

      Claim whileTheLockLives = engine.claim(KEY, FINGERPRINT, LOCK_TTL);
      time.advance(LOCK_TTL.multipliedBy(2));
      Claim afterTheLock = engine.claim(KEY, FINGERPRINT, LOCK_TTL);
      time.advance(TTL.dividedBy(2));
      Claim muchLater = engine.claim(KEY, FINGERPRINT, LOCK_TTL);

      assertThat(whileTheLockLives).isInstanceOf(Claim.InUse.class);
      assertThat(afterTheLock).isInstanceOf(Claim.OutcomeLost.class);
      assertThat(muchLater).isInstanceOf(Claim.OutcomeLost.class);
    }

    @Test
    void another_request_under_a_marked_key_is_refused_as_reused() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      store.commit();
      time.advance(LOCK_TTL.multipliedBy(2));

      Fingerprint other =
          new FingerprintCalculator()
              .ofCall("charge", "{\"amount\":99}".getBytes(StandardCharsets.UTF_8));

      assertThat(engine.claim(KEY, other, LOCK_TTL)).isInstanceOf(Claim.Reused.class);
    }

    @Test
    void renewal_pauses_while_the_callers_transaction_holds_the_record_and_resumes_after_it() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      int extendsAtMark = store.extendCalls.get();

      time.advance(LOCK_TTL.dividedBy(2));
      int extendsWhileOpen = store.extendCalls.get() - extendsAtMark;
      store.commit();
      execution.markEnded(true);
      time.advance(LOCK_TTL.multipliedBy(3));

      assertThat(extendsWhileOpen).as("renewals while the transaction is open").isZero();
      assertThat(store.extendCalls.get() - extendsAtMark).as("renewals after it").isPositive();
      assertThat(execution.isLockLost()).isFalse();
      assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL)).isInstanceOf(Claim.InUse.class);
    }

    @Test
    void the_outcome_recorded_after_a_committed_mark_is_replayed() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      store.commit();
      execution.markEnded(true);

      Completion completion = execution.complete(RECEIPT, TTL);

      assertThat(completion).isEqualTo(Completion.STORED);
      assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL))
          .isInstanceOfSatisfying(
              Claim.Replay.class, replay -> assertThat(replay.payload()).isEqualTo(RECEIPT));
    }

    @Test
    void an_attempt_that_thaws_after_losing_its_lock_still_records_the_outcome_of_committed_work() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      store.commit();
      execution.markEnded(true);
      store.extendDown = true;
      time.advance(LOCK_TTL.multipliedBy(2));
      store.extendDown = false;

      Completion completion = execution.complete(RECEIPT, TTL);

      assertThat(execution.lockLoss()).contains(DetectedBy.DEADLINE);
      assertThat(completion).isEqualTo(Completion.STORED);
      assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL)).isInstanceOf(Claim.Replay.class);
    }

    @Test
    void releasing_after_a_committed_mark_keeps_the_record_so_the_work_never_runs_again() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      store.commit();
      execution.markEnded(true);

      boolean released = execution.release();

      assertThat(released).isTrue();
      assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL)).isInstanceOf(Claim.OutcomeLost.class);
    }

    @Test
    void after_a_rollback_the_claim_goes_on_and_its_release_lets_a_retry_run() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      store.rollback();
      execution.markEnded(false);
      time.advance(LOCK_TTL.multipliedBy(3));

      boolean lostWhileRenewed = execution.isLockLost();
      execution.release();

      assertThat(lostWhileRenewed).as("the lock lost while renewed again").isFalse();
      assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
    }

    @Test
    void after_a_rollback_renewal_resumes_from_the_last_renewal_before_the_mark() {
      Execution execution = claim();
      execution.markCommittedWithWork(TTL);
      store.extendDown = true;
      time.advance(LOCK_TTL); // the transaction stays open past the lock as last confirmed

      store.rollback();
      execution.markEnded(false);
      time.advance(Duration.ofMillis(1));

      assertThat(execution.lockLoss()).contains(DetectedBy.DEADLINE);
    }

    @Test
    void an_owner_whose_lock_was_taken_over_gets_lock_lost_and_its_listeners_hear_it() {
      Execution execution = claim();
      List<DetectedBy> heard = new ArrayList<>();
      execution.onLockLost(heard::add);
      store.refuseWrites = true;

      Completion marked = execution.markCommittedWithWork(TTL);

      assertThat(marked).isEqualTo(Completion.LOCK_LOST);
      assertThat(heard).containsExactly(DetectedBy.RENEWAL);
      assertThat(store.pendingWrites()).isZero();
    }

    @Test
    void a_failing_statement_is_reported_not_thrown_and_the_claim_stays_renewed() {
      Execution execution = claim();
      store.failWrites = true;

      Completion marked = execution.markCommittedWithWork(TTL);
      time.advance(LOCK_TTL.multipliedBy(3));

      assertThat(marked).isEqualTo(Completion.STORE_UNAVAILABLE);
      assertThat(store.marksWithWork).hasValue(1);
      assertThat(execution.isLockLost()).isFalse();
    }

    @Test
    void a_lock_already_lost_is_not_marked_at_all() {
      Execution execution = claim();
      store.extendDown = true;
      time.advance(LOCK_TTL);

      Completion marked = execution.markCommittedWithWork(TTL);

      assertThat(marked).isEqualTo(Completion.LOCK_LOST);
      assertThat(store.marksWithWork).hasValue(0);
    }

    @Test
    void a_store_that_cannot_write_in_the_callers_transaction_is_refused() {
      IdempotencyEngine plain =
          new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time);
      Execution execution = ((Claim.Claimed) plain.claim(KEY, FINGERPRINT, LOCK_TTL)).execution();

      assertThatThrownBy(() -> execution.markCommittedWithWork(TTL))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("cannot write in the caller's transaction");
    }

    @Test
    void an_execution_that_already_ended_cannot_mark() {
      Execution execution = claim();
      execution.release();

      assertThatThrownBy(() -> execution.markCommittedWithWork(TTL))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("already completed or released");
    }
  }

  private Execution claim() {
    return ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, LOCK_TTL)).execution();
  }
}
