package dev.fenced.core.locks;

import dev.fenced.core.LogKeys;
import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.time.Scheduler;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Keeps the lease of one {@link HeldLock}: a {@link LeaseRenewal} renews it every ttl/3 and finds
 * its loss ({@link DetectedBy#RENEWAL} or {@link DetectedBy#DEADLINE}); the keeper marks the lock
 * lost, logs it and tells the loss listener, and releases the lease when the lock is closed. A
 * close with a minimum hold that has not passed yet stops the renewal and, instead of releasing,
 * renews the lease once (owner-checked) for what remains of the hold, so that the store keeps it
 * until at least the acquire request's start plus the hold.
 */
final class LeaseKeeper {

  private static final System.Logger LOG = System.getLogger("dev.fenced.locks");

  private static final long NANOS_PER_MILLI = 1_000_000L;

  private final LockStore store;
  private final Scheduler scheduler;
  private final long acquiredAtNanos;
  private final long ttlMillis;
  private final Consumer<LockLost> lossListener;
  private final Runnable ended;
  private final HeldLock lock;
  private final LeaseRenewal renewal;

  /**
   * @param maxRenewal how long the lease is renewed at most, or {@link LeaseRenewal#UNCAPPED}
   * @param acquiredAtNanos the scheduler's reading taken before the acquire request was sent
   * @param lossListener told of the loss after the lock's own listeners
   * @param ended told once the lock was closed or lost, before the release or the loss listener
   */
  LeaseKeeper(
      LockStore store,
      Scheduler scheduler,
      String key,
      String owner,
      long fencingToken,
      long ttlMillis,
      Duration maxRenewal,
      long acquiredAtNanos,
      Consumer<LockLost> lossListener,
      Runnable ended) {
    this.store = store;
    this.scheduler = scheduler;
    this.acquiredAtNanos = acquiredAtNanos;
    this.ttlMillis = ttlMillis;
    this.lossListener = lossListener;
    this.ended = ended;
    this.lock = new HeldLock(key, owner, fencingToken, this::release);
    this.renewal =
        new LeaseRenewal(
            scheduler,
            Duration.ofMillis(ttlMillis),
            maxRenewal,
            acquiredAtNanos,
            () -> store.renew(key, owner, ttlMillis),
            "lock " + LogKeys.of(key) + " (fencing token " + fencingToken + ")",
            this::lose);
  }

  /** The kept lock; closing it stops the keeper and releases the lease. */
  HeldLock lock() {
    return lock;
  }

  /** Schedules the first renewal and the deadline check. */
  void start() {
    renewal.start();
  }

  private void lose(DetectedBy detectedBy) {
    LockLost loss = lock.markLost(detectedBy);
    if (loss == null) {
      return; // closed already
    }
    ended.run();
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

  private void release(Duration minimumHold) {
    renewal.stop();
    ended.run();
    // read before the request: the store keeps the lease at least this plus what it is given
    long heldNanos = scheduler.nanoTime() - acquiredAtNanos;
    long remainingNanos = minimumHold.toNanos() - heldNanos;
    if (remainingNanos > 0) {
      keep(ceilMillis(remainingNanos), minimumHold);
      return;
    }
    free();
  }

  /** Leaves the lease in the store for {@code millis} more instead of releasing it. */
  private void keep(long millis, Duration minimumHold) {
    try {
      if (store.renew(lock.key(), lock.owner(), millis)) {
        LOG.log(
            System.Logger.Level.DEBUG,
            () ->
                "Keeping lock "
                    + LogKeys.of(lock.key())
                    + " for "
                    + millis
                    + " ms more, until its minimum hold of "
                    + minimumHold
                    + " since it was taken has passed");
      } else {
        LOG.log(
            System.Logger.Level.DEBUG,
            "Lock "
                + LogKeys.of(lock.key())
                + " had expired before its minimum hold was over; nothing to keep");
      }
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "Could not keep lock "
              + LogKeys.of(lock.key())
              + " for its minimum hold; it expires after its ttl of "
              + ttlMillis
              + " ms from its last renewal: "
              + e.getMessage());
    }
  }

  private static long ceilMillis(long nanos) {
    return nanos / NANOS_PER_MILLI + (nanos % NANOS_PER_MILLI == 0 ? 0 : 1);
  }

  private void free() {
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
