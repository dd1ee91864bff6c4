package dev.fenced.core.metrics;

import dev.fenced.locks.spi.LockStore;
import java.util.Objects;
import java.util.OptionalLong;

/** A lock store whose calls a {@link StoreCallTimer} reports. */
final class ObservedLockStore implements LockStore {

  private final LockStore store;
  private final StoreCallTimer timer;

  ObservedLockStore(LockStore store, StoreCallTimer timer) {
    this.store = Objects.requireNonNull(store, "store");
    this.timer = Objects.requireNonNull(timer, "timer");
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    return timer.time(
        StoreOperation.LOCK_ACQUIRE,
        () -> store.acquire(key, owner, ttlMillis),
        OptionalLong::isPresent);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    return timer.time(StoreOperation.LOCK_RENEW, () -> store.renew(key, owner, ttlMillis));
  }

  @Override
  public boolean release(String key, String owner) {
    return timer.time(StoreOperation.LOCK_RELEASE, () -> store.release(key, owner));
  }

  @Override
  public String toString() {
    return store.toString();
  }
}
