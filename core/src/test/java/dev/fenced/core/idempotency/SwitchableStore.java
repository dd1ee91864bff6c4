package dev.fenced.core.idempotency;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test store: the real in-memory store behind a switch that makes every call fail as an
 * unreachable store would, and counters of the calls that reached it.
 */
final class SwitchableStore implements IdempotencyStore {

  private final IdempotencyStore delegate;
  private volatile boolean down;
  private volatile boolean loseNextAcquireAnswer;
  final AtomicInteger acquireCalls = new AtomicInteger();
  final AtomicInteger extendCalls = new AtomicInteger();
  final AtomicInteger completeCalls = new AtomicInteger();
  final AtomicInteger releaseCalls = new AtomicInteger();

  SwitchableStore(IdempotencyStore delegate) {
    this.delegate = delegate;
  }

  /** From now on every call throws {@link StoreUnavailableException}. */
  void goDown() {
    down = true;
  }

  /**
   * The next acquire reaches the store and is applied, but its answer is lost on the way back: the
   * caller gets {@link StoreUnavailableException}, as after a time-out in a partition.
   */
  void loseNextAcquireAnswer() {
    loseNextAcquireAnswer = true;
  }

  /** From now on calls reach the store again. */
  void comeBack() {
    down = false;
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    acquireCalls.incrementAndGet();
    failIfDown();
    AcquireResult result = delegate.acquire(key, owner, fingerprint, lockTtlMillis);
    if (loseNextAcquireAnswer) {
      loseNextAcquireAnswer = false;
      throw new StoreUnavailableException("test partition: the acquire's answer was lost");
    }
    return result;
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    completeCalls.incrementAndGet();
    failIfDown();
    return delegate.complete(key, owner, payload, ttlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    releaseCalls.incrementAndGet();
    failIfDown();
    return delegate.release(key, owner);
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    extendCalls.incrementAndGet();
    failIfDown();
    return delegate.extend(key, owner, lockTtlMillis);
  }

  private void failIfDown() {
    if (down) {
      throw new StoreUnavailableException("test outage: the store is switched off");
    }
  }
}
