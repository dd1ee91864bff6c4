package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.locks.DetectedBy;
import dev.fenced.store.spi.StoreUnavailableException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The separable phases: claim, renewal while claimed, complete or release. */
class IdempotencyEngineClaimTest {

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final Duration TTL = Duration.ofHours(1);
  private static final RecordKey KEY = RecordKey.http("alice", "order-7");
  private static final FingerprintCalculator FINGERPRINTS = new FingerprintCalculator();
  private static final Fingerprint FIRST = FINGERPRINTS.ofCall("pay", bytes("{\"amount\":10}"));
  private static final Fingerprint OTHER = FINGERPRINTS.ofCall("pay", bytes("{\"amount\":11}"));

  private final ManualTime time = new ManualTime();
  private final SwitchableStore store =
      new SwitchableStore(new InMemoryIdempotencyStore(time::nanoTime));
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);

  @Test
  void claims_a_key_nobody_holds() {
    assertThat(engine.claim(KEY, FIRST, LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void gives_each_attempt_its_own_owner() {
    Execution first = claimed(KEY);
    Execution second = claimed(RecordKey.http("alice", "order-8"));

    assertThat(first.owner()).isNotEqualTo(second.owner());
  }

  @Test
  void stamps_the_claim_with_the_engine_clock() {
    assertThat(claimed(KEY).claimedAt()).isEqualTo(time.clock().instant());
  }

  @Test
  void replays_the_stored_payload_when_the_key_completed() {
    claimed(KEY).complete(bytes("receipt"), TTL);

    Claim claim = engine.claim(KEY, FIRST, LOCK_TTL);

    assertThat(claim).isInstanceOf(Claim.Replay.class);
    assertThat(((Claim.Replay) claim).payload()).isEqualTo(bytes("receipt"));
  }

  @Test
  void answers_in_use_with_a_retry_hint_while_the_first_attempt_runs() {
    claimed(KEY);

    Claim claim = engine.claim(KEY, FIRST, LOCK_TTL);

    assertThat(claim).isEqualTo(new Claim.InUse(IdempotencyEngine.DEFAULT_RETRY_AFTER));
  }

  @Test
  void rounds_the_retry_hint_up_to_whole_seconds() {
    assertThat(new Claim.InUse(Duration.ofMillis(1200)).retryAfterSeconds()).isEqualTo(2);
  }

  @Test
  void answers_reused_when_a_running_key_meets_another_fingerprint() {
    claimed(KEY);

    assertThat(engine.claim(KEY, OTHER, LOCK_TTL)).isInstanceOf(Claim.Reused.class);
  }

  @Test
  void answers_reused_when_a_completed_key_meets_another_fingerprint() {
    claimed(KEY).complete(bytes("receipt"), TTL);

    assertThat(engine.claim(KEY, OTHER, LOCK_TTL)).isInstanceOf(Claim.Reused.class);
  }

  @Test
  void lets_a_retry_claim_a_released_key() {
    claimed(KEY).release();

    assertThat(engine.claim(KEY, FIRST, LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void reports_a_stored_outcome() {
    assertThat(claimed(KEY).complete(bytes("receipt"), TTL)).isEqualTo(Completion.STORED);
  }

  @Test
  void renews_the_lock_every_third_of_its_ttl() {
    claimed(KEY);

    time.advance(LOCK_TTL.multipliedBy(10));

    assertThat(store.extendCalls).hasValue(30);
  }

  @Test
  void keeps_a_running_key_in_use_long_after_its_lock_ttl() {
    claimed(KEY);

    time.advance(LOCK_TTL.multipliedBy(10));

    assertThat(engine.claim(KEY, FIRST, LOCK_TTL)).isInstanceOf(Claim.InUse.class);
  }

  @Test
  void stops_renewing_once_completed() {
    claimed(KEY).complete(bytes("receipt"), TTL);

    time.advance(LOCK_TTL.multipliedBy(10));

    assertThat(store.extendCalls).hasValue(0);
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void stops_renewing_once_released() {
    claimed(KEY).release();

    time.advance(LOCK_TTL.multipliedBy(10));

    assertThat(store.extendCalls).hasValue(0);
  }

  @Test
  void reports_a_lost_lock_when_the_store_refuses_a_renewal() {
    ManualTime storeTime = new ManualTime();
    InMemoryIdempotencyStore shared = new InMemoryIdempotencyStore(storeTime::nanoTime);
    IdempotencyEngine first = new IdempotencyEngine(shared, time.clock(), time);
    Execution execution = claimed(first, KEY);
    List<DetectedBy> losses = listen(execution);
    storeTime.advance(LOCK_TTL); // the store's clock ran ahead: the lock expired there
    Execution takeover = claimed(new IdempotencyEngine(shared, storeTime.clock(), storeTime), KEY);

    time.advance(LOCK_TTL.dividedBy(3));

    assertThat(losses).containsExactly(DetectedBy.RENEWAL);
    assertThat(execution.lockLoss()).contains(DetectedBy.RENEWAL);
    assertThat(takeover.isLockLost()).isFalse();
  }

  @Test
  void stops_renewing_after_a_refused_renewal() {
    Execution execution = claimed(KEY);
    store.release(KEY.value(), execution.owner()); // as a takeover would leave it
    time.advance(LOCK_TTL.dividedBy(3));

    time.advance(LOCK_TTL.multipliedBy(10));

    assertThat(store.extendCalls).hasValue(1);
  }

  @Test
  void keeps_renewing_through_a_short_outage() {
    Execution execution = claimed(KEY);
    store.goDown();
    time.advance(LOCK_TTL.dividedBy(3)); // one renewal fails; the next one, before the ttl, works
    store.comeBack();

    time.advance(LOCK_TTL.multipliedBy(10));

    assertThat(execution.isLockLost()).isFalse();
    assertThat(execution.complete(bytes("receipt"), TTL)).isEqualTo(Completion.STORED);
  }

  @Test
  void reports_a_lost_lock_when_its_ttl_passes_without_a_confirmed_renewal() {
    Execution execution = claimed(KEY);
    List<DetectedBy> losses = listen(execution);
    store.goDown();

    time.advance(LOCK_TTL);

    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
  }

  @Test
  void holds_the_lock_until_its_ttl_minus_the_safety_margin_has_passed_without_a_renewal() {
    Execution execution = claimed(KEY);
    store.goDown();

    time.advance(LOCK_TTL.minus(LOCK_TTL.dividedBy(10)).minusMillis(1));

    assertThat(execution.isLockLost()).isFalse();
  }

  @Test
  void reports_a_complete_after_the_loss_as_lock_lost() {
    Execution execution = claimed(KEY);
    store.goDown();
    time.advance(LOCK_TTL);
    store.comeBack();
    Execution takeover = claimed(KEY);

    Completion completion = execution.complete(bytes("late"), TTL);

    assertThat(completion).isEqualTo(Completion.LOCK_LOST);
    assertThat(completion.stored()).isFalse();
    assertThat(takeover.complete(bytes("winner"), TTL)).isEqualTo(Completion.STORED);
  }

  @Test
  void tells_the_listeners_when_a_complete_finds_the_lock_gone() {
    Execution execution = claimed(KEY);
    List<DetectedBy> losses = listen(execution);
    store.release(KEY.value(), execution.owner());

    execution.complete(bytes("late"), TTL);

    assertThat(losses).containsExactly(DetectedBy.RENEWAL);
  }

  @Test
  void tells_a_listener_that_comes_after_the_loss_at_once() {
    Execution execution = claimed(KEY);
    store.goDown();
    time.advance(LOCK_TTL);

    assertThat(listen(execution)).containsExactly(DetectedBy.DEADLINE);
  }

  @Test
  void tells_every_listener_even_when_one_fails() {
    Execution execution = claimed(KEY);
    execution.onLockLost(
        lost -> {
          throw new IllegalStateException("listener bug");
        });
    List<DetectedBy> losses = listen(execution);
    store.goDown();

    time.advance(LOCK_TTL);

    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
  }

  @Test
  void fails_closed_when_the_store_cannot_be_reached() {
    store.goDown();

    assertThatThrownBy(() -> engine.claim(KEY, FIRST, LOCK_TTL))
        .isInstanceOf(IdempotencyException.class)
        .hasCauseInstanceOf(StoreUnavailableException.class)
        .satisfies(
            e ->
                assertThat(((IdempotencyException) e).code())
                    .isEqualTo(ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE));
  }

  @Test
  void a_claim_whose_answer_was_lost_is_released_as_soon_as_the_store_answers_again() {
    store.loseNextAcquireAnswer();
    assertThatThrownBy(() -> engine.claim(KEY, FIRST, LOCK_TTL))
        .isInstanceOf(IdempotencyException.class);
    store.goDown();
    time.advance(Duration.ofSeconds(1)); // the release meets the outage, and tries again later
    store.comeBack();
    time.advance(AbandonedClaim.LONGEST_PAUSE);

    assertThat(engine.claim(KEY, FIRST, LOCK_TTL))
        .as("the retry of a call that was told it did not run")
        .isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void the_release_of_a_lost_answer_leaves_a_later_attempts_claim_alone() {
    store.loseNextAcquireAnswer();
    assertThatThrownBy(() -> engine.claim(KEY, FIRST, LOCK_TTL))
        .isInstanceOf(IdempotencyException.class);
    store.goDown();
    time.advance(LOCK_TTL); // the lost claim expires; the releases stop
    store.comeBack();
    Execution later = claimed(KEY);
    int releases = store.releaseCalls.get();
    time.advance(AbandonedClaim.LONGEST_PAUSE.multipliedBy(3));

    assertThat(store.releaseCalls).as("no release after the lock ttl").hasValue(releases);
    assertThat(later.isLockLost()).isFalse();
    assertThat(engine.claim(KEY, FIRST, LOCK_TTL)).isInstanceOf(Claim.InUse.class);
  }

  @Test
  void reports_a_complete_the_store_could_not_take() {
    Execution execution = claimed(KEY);
    store.goDown();

    assertThat(execution.complete(bytes("receipt"), TTL)).isEqualTo(Completion.STORE_UNAVAILABLE);
  }

  @Test
  void answers_false_when_a_release_cannot_reach_the_store() {
    Execution execution = claimed(KEY);
    store.goDown();

    assertThat(execution.release()).isFalse();
  }

  @Test
  void refuses_a_second_complete() {
    Execution execution = claimed(KEY);
    execution.complete(bytes("receipt"), TTL);

    assertThatIllegalStateException().isThrownBy(() -> execution.complete(bytes("again"), TTL));
  }

  @Test
  void releases_on_close_when_not_completed() {
    try (Execution execution = claimed(KEY)) {
      assertThat(execution.isLockLost()).isFalse();
    }

    assertThat(engine.claim(KEY, FIRST, LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void keeps_the_outcome_on_close_after_complete() {
    try (Execution execution = claimed(KEY)) {
      execution.complete(bytes("receipt"), TTL);
    }

    assertThat(engine.claim(KEY, FIRST, LOCK_TTL)).isInstanceOf(Claim.Replay.class);
  }

  private Execution claimed(RecordKey key) {
    return claimed(engine, key);
  }

  private static Execution claimed(IdempotencyEngine engine, RecordKey key) {
    Claim claim = engine.claim(key, FIRST, LOCK_TTL);
    assertThat(claim).isInstanceOf(Claim.Claimed.class);
    return ((Claim.Claimed) claim).execution();
  }

  private static List<DetectedBy> listen(Execution execution) {
    List<DetectedBy> losses = new ArrayList<>();
    execution.onLockLost(losses::add);
    return losses;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
