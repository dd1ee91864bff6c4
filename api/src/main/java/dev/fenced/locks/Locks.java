package dev.fenced.locks;

import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Distributed locks taken by hand, injectable as a CDI bean. Every lock is a renewed lease with a
 * fencing token in the configured lock store, shared by all instances.
 *
 * <p>A lock store that cannot be reached while a lock is taken throws {@link
 * LockStoreUnavailableException} ({@code LOCK_STORE_UNAVAILABLE}); the work never runs unguarded.
 */
public interface Locks {

  /**
   * Takes the lock on {@code key} if no one holds it, retrying for up to {@link
   * LockOptions#waitFor()}.
   *
   * @param key the lock key, never empty
   * @param options ttl and wait
   * @return the held lock, which the caller must close; empty when another holder kept it
   */
  Optional<Lock> tryAcquire(String key, LockOptions options);

  /**
   * {@link #tryAcquire(String, LockOptions)} with the default options: one try, configured ttl.
   *
   * @param key the lock key, never empty
   * @return the held lock, or empty
   */
  default Optional<Lock> tryAcquire(String key) {
    return tryAcquire(key, LockOptions.defaults());
  }

  /**
   * Runs {@code work} under the lock on {@code key} and releases it whether {@code work} returns or
   * throws. Inside {@code work}, {@link LocksContext} gives the lock and its fencing token.
   *
   * @param key the lock key, never empty
   * @param work what to run while holding the lock
   * @param options ttl and wait
   * @param <T> the result type
   * @return what {@code work} returned
   * @throws LockNotAcquiredException when another holder kept the lock for the whole wait
   * @throws Exception what {@code work} threw
   */
  <T> T withLock(String key, Callable<T> work, LockOptions options) throws Exception;
}
