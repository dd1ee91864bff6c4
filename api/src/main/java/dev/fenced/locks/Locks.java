package dev.fenced.locks;

import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Distributed locks taken by hand, injectable as a CDI bean. Every lock is a renewed lease with a
 * fencing token in the configured lock store, shared by all instances.
 *
 * <p>A lock store that cannot be reached while a lock is taken throws {@link
 * LockStoreUnavailableException} ({@code LOCK_STORE_UNAVAILABLE}); the work never runs unguarded.
 *
 * <p><b>Re-entrancy.</b> A thread holds a lock while it runs inside the lock's work: the callable
 * of {@link #withLock}, or the run of a {@link WithoutOverlapping} or {@link OnOneInstance} job. On
 * that thread, {@link #withLock} and a {@link WithoutOverlapping} job on the same key are
 * re-entrant: they run inside the hold, without taking or releasing anything. {@link #tryAcquire}
 * is not: the lock it returns belongs to no thread (any thread may close it), so it does not make
 * its thread a holder, and on a key its own thread holds it returns empty like on any held key.
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
   * <p>Re-entrant: on a thread that already runs inside the work of a lock on {@code key} (an outer
   * {@code withLock}, a {@link WithoutOverlapping} run), {@code work} runs at once inside that
   * hold: {@code options} are not used, nothing is released when it ends (the outer holder
   * releases), and {@link LocksContext} gives the outer lock; if that lock was lost, it throws
   * {@link LockLostException}. Another thread still waits for the key, or gets {@link
   * LockNotAcquiredException}.
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
