package dev.fenced.core.jobs;

import dev.fenced.core.LogKeys;
import dev.fenced.core.locks.LockManager;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.LockStoreUnavailableException;
import dev.fenced.locks.SkipReason;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Takes a job's lock and logs why a run is skipped, or that it re-entered its thread's hold: the
 * part the two guards share.
 */
final class Skips {

  private static final System.Logger LOG = System.getLogger("dev.fenced.locks");

  private Skips() {}

  /** A lock taken, or the reason it was not. */
  record Attempt(Lock lock, SkipReason skip) {}

  /**
   * Tries once to take {@code key}; a store that fails skips the run (fail closed) with a WARNING.
   */
  static Attempt tryAcquire(
      LockManager locks, String target, String key, LockOptions options, SkipReason whenHeld) {
    return tryAcquire(locks, target, key, whenHeld, () -> locks.tryAcquire(key, options));
  }

  /** Like {@link #tryAcquire}, renewed for at most {@code maxRenewal}. */
  static Attempt tryAcquire(
      LockManager locks,
      String target,
      String key,
      LockOptions options,
      Duration maxRenewal,
      SkipReason whenHeld) {
    return tryAcquire(
        locks, target, key, whenHeld, () -> locks.tryAcquire(key, options, maxRenewal));
  }

  /** Like {@link #tryAcquire}, for a lease kept for the application's life (no renewal cap). */
  static Attempt tryAcquireForLife(
      LockManager locks, String target, String key, LockOptions options, SkipReason whenHeld) {
    return tryAcquire(locks, target, key, whenHeld, () -> locks.tryAcquireForLife(key, options));
  }

  private static Attempt tryAcquire(
      LockManager locks,
      String target,
      String key,
      SkipReason whenHeld,
      Supplier<Optional<Lock>> acquire) {
    try {
      Optional<Lock> lock = acquire.get();
      return lock.map(l -> new Attempt(l, null)).orElseGet(() -> new Attempt(null, whenHeld));
    } catch (LockStoreUnavailableException e) {
      LOG.log(
          Level.WARNING,
          "Skipped a run of "
              + target
              + ": the lock store is unavailable, so lock "
              + LogKeys.of(key)
              + " could not be taken and the job does not run unguarded: "
              + e.getCause());
      return new Attempt(null, SkipReason.STORE_UNAVAILABLE);
    } catch (RuntimeException e) {
      if (locks.isShutDown()) {
        return new Attempt(null, SkipReason.SHUTTING_DOWN);
      }
      LOG.log(
          Level.WARNING,
          "Skipped a run of "
              + target
              + ": the lock store failed taking lock "
              + LogKeys.of(key)
              + ", and the job does not run unguarded",
          e);
      return new Attempt(null, SkipReason.STORE_UNAVAILABLE);
    }
  }

  /** Logs at FINE that a run goes inside the hold its own thread already has on {@code key}. */
  static void reentered(String target, String key) {
    LOG.log(
        Level.DEBUG,
        () ->
            "Running "
                + target
                + " inside the hold of lock "
                + LogKeys.of(key)
                + " that its thread already has (re-entrant: neither taken nor released)");
  }

  /** Logs a skip at FINE and returns it. */
  static <T> JobOutcome<T> skip(String target, String key, SkipReason reason) {
    if (reason != SkipReason.STORE_UNAVAILABLE) { // already logged as a WARNING
      LOG.log(
          Level.DEBUG,
          () ->
              "Skipped a run of "
                  + target
                  + ": "
                  + reason.description()
                  + " (lock "
                  + LogKeys.of(key)
                  + ")");
    }
    return JobOutcome.skipped(reason);
  }
}
