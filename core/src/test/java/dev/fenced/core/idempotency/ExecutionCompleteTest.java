package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.fenced.core.encryption.PlainRecords;
import dev.fenced.core.encryption.RecordSealer;
import dev.fenced.core.encryption.UnreadableRecordException;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.DetectedBy;
import dev.fenced.store.spi.StoreUnavailableException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link Execution#complete} and {@link Execution#release} against a store that fails: the lock
 * stays renewed while the outcome is retried, up to the lock's deadline, and nothing the store or
 * the sealer throws reaches the caller.
 */
class ExecutionCompleteTest {

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final Duration MARGIN = LOCK_TTL.dividedBy(10);
  private static final Duration TTL = Duration.ofHours(1);
  private static final RecordKey KEY = RecordKey.method("pay-1", "com.example.Payments", "charge");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("charge", bytes("{\"amount\":10}"));
  private static final byte[] RECEIPT = bytes("charged");

  private final ManualTime time = new ManualTime();
  private final FailingStore store = new FailingStore(new InMemoryIdempotencyStore(time::nanoTime));
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);

  @Test
  void a_complete_that_fails_twice_then_succeeds_is_stored_while_the_lock_is_renewed_meanwhile() {
    Execution execution = claim();
    store.failCompletes(2, () -> new StoreUnavailableException("test: timed out"));
    store.failureTakes = Duration.ofSeconds(1);
    int extendsBefore = store.extendCalls.get();

    Completion completion = execution.complete(RECEIPT, TTL);

    assertThat(completion).isEqualTo(Completion.STORED);
    assertThat(store.completeCalls).hasValue(3);
    assertThat(store.extendCalls.get() - extendsBefore).isGreaterThanOrEqualTo(2);
    assertThat(execution.isLockLost()).isFalse();
    assertThat(engine.claim(KEY, FINGERPRINT, LOCK_TTL)).isInstanceOf(Claim.Replay.class);
  }

  @Test
  void a_complete_that_keeps_failing_gives_up_at_the_lock_deadline() {
    Execution execution = claim();
    Duration startedAt = time.elapsed();
    store.failCompletes(Integer.MAX_VALUE, () -> new StoreUnavailableException("test: down"));

    Completion completion = execution.complete(RECEIPT, TTL);

    assertThat(completion).isEqualTo(Completion.STORE_UNAVAILABLE);
    assertThat(time.elapsed().minus(startedAt)).isEqualTo(LOCK_TTL.minus(MARGIN));
    assertThat(store.completeCalls.get()).isGreaterThan(2);
  }

  @Test
  void a_complete_stops_retrying_once_the_lock_is_lost_by_its_deadline() {
    Execution execution = claim();
    store.failCompletes(Integer.MAX_VALUE, () -> new StoreUnavailableException("test: down"));
    store.extendDown = true;

    Completion completion = execution.complete(RECEIPT, TTL);

    assertThat(completion).isEqualTo(Completion.STORE_UNAVAILABLE);
    assertThat(execution.lockLoss()).contains(DetectedBy.DEADLINE);
    assertThat(time.elapsed()).isLessThanOrEqualTo(LOCK_TTL.minus(MARGIN));
  }

  @Test
  void renewal_stops_when_the_complete_ended() {
    Execution execution = claim();
    store.failCompletes(1, () -> new StoreUnavailableException("test: blip"));
    execution.complete(RECEIPT, TTL);
    int extendsAfter = store.extendCalls.get();

    time.advance(LOCK_TTL.multipliedBy(5));

    assertThat(store.extendCalls).hasValue(extendsAfter);
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void a_store_that_throws_illegal_state_on_complete_lets_no_exception_escape() {
    Execution execution = claim();
    store.failCompletes(Integer.MAX_VALUE, () -> new IllegalStateException("test: driver bug"));

    Completion[] completion = new Completion[1];
    assertThatCode(() -> completion[0] = execution.complete(RECEIPT, TTL))
        .doesNotThrowAnyException();
    assertThat(completion[0]).isEqualTo(Completion.STORE_UNAVAILABLE);
  }

  @Test
  void a_store_that_throws_illegal_state_on_release_lets_no_exception_escape() {
    Execution execution = claim();
    store.releaseFailure = () -> new IllegalStateException("test: driver bug");

    boolean[] released = new boolean[1];
    assertThatCode(() -> released[0] = execution.release()).doesNotThrowAnyException();
    assertThat(released[0]).isFalse();
  }

  @Test
  void a_sealer_that_throws_lets_no_exception_escape_complete() {
    IdempotencyEngine sealing =
        new IdempotencyEngine(store, time.clock(), time, Duration.ofSeconds(1), new BrokenSealer());
    Execution execution = ((Claim.Claimed) sealing.claim(KEY, FINGERPRINT, LOCK_TTL)).execution();

    Completion[] completion = new Completion[1];
    assertThatCode(() -> completion[0] = execution.complete(RECEIPT, TTL))
        .doesNotThrowAnyException();
    assertThat(completion[0]).isEqualTo(Completion.STORE_UNAVAILABLE);
    assertThat(store.completeCalls).hasValue(0);
  }

  @Test
  void a_claim_nobody_ends_is_renewed_up_to_its_cap_then_lost_by_the_deadline() {
    Duration cap = Duration.ofSeconds(10);
    IdempotencyEngine capped =
        new IdempotencyEngine(
            store, time.clock(), time, Duration.ofSeconds(1), PlainRecords.INSTANCE, cap);
    Execution forgotten = ((Claim.Claimed) capped.claim(KEY, FINGERPRINT, LOCK_TTL)).execution();
    // renewals at 1 s, 2 s, ... 9 s; the one due at 10 s is the cap: lost 2.7 s after 9 s
    Duration lossAt = Duration.ofSeconds(9).plus(LOCK_TTL).minus(MARGIN);

    time.advance(lossAt.minusMillis(1));
    boolean lostBefore = forgotten.isLockLost();
    time.advance(Duration.ofMillis(1));

    assertThat(lostBefore).isFalse();
    assertThat(forgotten.lockLoss()).contains(DetectedBy.DEADLINE);
    assertThat(store.extendCalls).hasValue(9);
    time.advance(MARGIN.plusMillis(1)); // the store's own expiry, 12 s
    assertThat(capped.claim(KEY, FINGERPRINT, LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  private Execution claim() {
    return ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, LOCK_TTL)).execution();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** The in-memory store with switches for failing completes, releases and renewals. */
  private final class FailingStore implements IdempotencyStore {

    private final IdempotencyStore delegate;
    final AtomicInteger completeCalls = new AtomicInteger();
    final AtomicInteger extendCalls = new AtomicInteger();
    private volatile int completeFailures;
    private volatile Supplier<RuntimeException> completeFailure;
    volatile Supplier<RuntimeException> releaseFailure;
    volatile Duration failureTakes = Duration.ZERO;
    volatile boolean extendDown;

    FailingStore(IdempotencyStore delegate) {
      this.delegate = delegate;
    }

    void failCompletes(int times, Supplier<RuntimeException> failure) {
      completeFailures = times;
      completeFailure = failure;
    }

    @Override
    public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtl) {
      return delegate.acquire(key, owner, fingerprint, lockTtl);
    }

    @Override
    public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
      completeCalls.incrementAndGet();
      if (completeFailures > 0) {
        completeFailures--;
        time.advance(failureTakes);
        throw completeFailure.get();
      }
      return delegate.complete(key, owner, payload, ttlMillis);
    }

    @Override
    public boolean release(String key, String owner) {
      if (releaseFailure != null) {
        throw releaseFailure.get();
      }
      return delegate.release(key, owner);
    }

    @Override
    public boolean extend(String key, String owner, long lockTtlMillis) {
      extendCalls.incrementAndGet();
      if (extendDown) {
        throw new StoreUnavailableException("test: renewals fail");
      }
      return delegate.extend(key, owner, lockTtlMillis);
    }
  }

  /** A sealer with a bug: sealing throws. */
  private static final class BrokenSealer implements RecordSealer {

    @Override
    public byte[] seal(String recordKey, byte[] payload) {
      throw new IllegalStateException("test: no cipher");
    }

    @Override
    public byte[] open(String recordKey, byte[] stored) throws UnreadableRecordException {
      return stored;
    }
  }
}
