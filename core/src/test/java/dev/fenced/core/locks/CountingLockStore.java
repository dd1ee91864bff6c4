package dev.fenced.core.locks;

import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** Passes every call to a real store and counts them; acquire tries are timed too. */
final class CountingLockStore implements LockStore {

  private final LockStore delegate;
  private final Supplier<Duration> now;
  private final List<Duration> acquireTimes = new CopyOnWriteArrayList<>();
  private final AtomicInteger renewals = new AtomicInteger();
  private final AtomicInteger releases = new AtomicInteger();

  CountingLockStore(LockStore delegate, Supplier<Duration> now) {
    this.delegate = delegate;
    this.now = now;
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    acquireTimes.add(now.get());
    return delegate.acquire(key, owner, ttlMillis);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    renewals.incrementAndGet();
    return delegate.renew(key, owner, ttlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    releases.incrementAndGet();
    return delegate.release(key, owner);
  }

  int acquires() {
    return acquireTimes.size();
  }

  /** When each acquire was sent, as time elapsed since time zero. */
  List<Duration> acquireTimes() {
    return List.copyOf(acquireTimes);
  }

  int renewals() {
    return renewals.get();
  }

  int releases() {
    return releases.get();
  }
}
