package dev.fenced.core.metrics;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.util.Objects;

/** An idempotency store whose calls a {@link StoreCallTimer} reports. */
class ObservedIdempotencyStore implements IdempotencyStore {

  private final IdempotencyStore store;
  final StoreCallTimer timer;

  ObservedIdempotencyStore(IdempotencyStore store, StoreCallTimer timer) {
    this.store = Objects.requireNonNull(store, "store");
    this.timer = Objects.requireNonNull(timer, "timer");
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    return timer.time(
        StoreOperation.IDEMPOTENCY_ACQUIRE,
        () -> store.acquire(key, owner, fingerprint, lockTtlMillis),
        result -> result instanceof AcquireResult.Acquired);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return timer.time(
        StoreOperation.IDEMPOTENCY_COMPLETE, () -> store.complete(key, owner, payload, ttlMillis));
  }

  @Override
  public boolean release(String key, String owner) {
    return timer.time(StoreOperation.IDEMPOTENCY_RELEASE, () -> store.release(key, owner));
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return timer.time(
        StoreOperation.IDEMPOTENCY_EXTEND, () -> store.extend(key, owner, lockTtlMillis));
  }

  @Override
  public String toString() {
    return store.toString();
  }
}
