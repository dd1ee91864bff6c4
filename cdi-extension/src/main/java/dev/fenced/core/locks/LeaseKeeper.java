package dev.fenced.core.locks;

import dev.fenced.core.time.Scheduler;
import dev.fenced.core.time.Scheduler.ScheduledTask;
import dev.fenced.idempotency.spi.StoreUnavailableException;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps the lease of one {@link HeldLock}: renews it every ttl/3 and declares it lost when the
 * store refuses a renewal ({@link DetectedBy#RENEWAL}) or when ttl passes, on the {@link
 * Scheduler}'s monotonic clock, since the start of the last confirmed acquire or renewal ({@link
 * DetectedBy#DEADLINE}). The deadline is checked by its own task, so it fires even while a renewal
 * hangs, provided the scheduler has a free thread.
 */
final class LeaseKeeper {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final LockStore store;
  private final Scheduler scheduler;
  private final long ttlMillis;
  private final long ttlNanos;
  private final Duration interval;
  private final Consumer<LockLost> lossListener;
  private final HeldLock lock;

  private final Object monitor = new Object();
  private long confirmedAtNanos;
  private boolean stopped;
  private ScheduledTask renewal;
  private ScheduledTask deadline;

  /**
   * @param acquiredAtNanos the scheduler's reading taken before the acquire request was sent
   * @param lossListener told of the loss after the lock's own listeners
   */
  LeaseKeeper(
      LockStore store,
      Scheduler scheduler,
      String key,
      String owner,
      long fencingToken,
      long ttlMillis,
      long acquiredAtNanos,
      Consumer<LockLost> lossListener) {
    this.store = store;
    this.scheduler = scheduler;
    this.ttlMillis = ttlMillis;
    this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
    this.interval = Duration.ofNanos(Math.max(1, ttlNanos / 3));
    this.lossListener = lossListener;
    this.confirmedAtNanos = acquiredAtNanos;
    this.lock = new HeldLock(key, owner, fencingToken, this::release);
  }

  /** The kept lock; closing it stops the keeper and releases the lease. */
  HeldLock lock() {
    return lock;
  }

  /** Schedules the first renewal and the deadline check. */
  void start() {
    synchronized (monitor) {
      if (stopped) {
        return;
      }
      renewal = scheduler.schedule(this::renew, interval);
      deadline = scheduler.schedule(this::checkDeadline, untilDeadline());
    }
  }

  private void renew() {
    long startedAt;
    synchronized (monitor) {
      if (stopped) {
        return;
      }
      renewal = null;
      // read before the request: the store's new expiry is at least this plus ttl
      startedAt = scheduler.nanoTime();
    }
    boolean renewed;
    try {
      renewed = store.renew(lock.key(), lock.owner(), ttlMillis);
    } catch (StoreUnavailableException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "Could not renew lock "
              + LogKeys.of(lock.key())
              + " (fencing token "
              + lock.fencingToken()
              + "); retrying in "
              + interval.toMillis()
              + " ms, lost at its deadline unless a renewal succeeds first: "
              + e.getMessage());
      scheduleRenewal(startedAt);
      return;
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "The lock store failed renewing lock " + LogKeys.of(lock.key()) + "; retrying",
          e);
      scheduleRenewal(startedAt);
      return;
    }
    if (!renewed) {
      lose(DetectedBy.RENEWAL);
      return;
    }
    synchronized (monitor) {
      confirmedAtNanos = Math.max(confirmedAtNanos, startedAt);
    }
    scheduleRenewal(startedAt);
  }

  private void scheduleRenewal(long lastStartedAt) {
    synchronized (monitor) {
      if (stopped) {
        return;
      }
      long elapsed = scheduler.nanoTime() - lastStartedAt;
      renewal =
          scheduler.schedule(
              this::renew, Duration.ofNanos(Math.max(0, interval.toNanos() - elapsed)));
    }
  }

  private void checkDeadline() {
    synchronized (monitor) {
      if (stopped) {
        return;
      }
      Duration remaining = untilDeadline();
      if (!remaining.isNegative() && !remaining.isZero()) {
        // a renewal moved the deadline since this check was scheduled
        deadline = scheduler.schedule(this::checkDeadline, remaining);
        return;
      }
      deadline = null;
    }
    lose(DetectedBy.DEADLINE);
  }

  private Duration untilDeadline() {
    return Duration.ofNanos(confirmedAtNanos + ttlNanos - scheduler.nanoTime());
  }

  private void lose(DetectedBy detectedBy) {
    stop();
    LockLost loss = lock.markLost(detectedBy);
    if (loss == null) {
      return; // closed or lost already
    }
    LOG.log(
        System.Logger.Level.WARNING,
        "Lost lock "
            + LogKeys.of(loss.key())
            + " (fencing token "
            + loss.fencingToken()
            + "), detected by "
            + detectedBy
            + ": another holder may be running now.");
    try {
      lossListener.accept(loss);
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "The loss listener threw for lock " + LogKeys.of(loss.key()),
          e);
    }
  }

  private void stop() {
    synchronized (monitor) {
      stopped = true;
      if (renewal != null) {
        renewal.cancel();
        renewal = null;
      }
      if (deadline != null) {
        deadline.cancel();
        deadline = null;
      }
    }
  }

  private void release() {
    stop();
    try {
      if (!store.release(lock.key(), lock.owner())) {
        LOG.log(
            System.Logger.Level.DEBUG,
            "Lock " + LogKeys.of(lock.key()) + " had expired before it was released");
      }
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "Could not release lock "
              + LogKeys.of(lock.key())
              + "; it expires after its ttl of "
              + ttlMillis
              + " ms: "
              + e.getMessage());
    }
  }
}
