package dev.fenced.core.idempotency;

import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Keeps an in-flight lock alive: every {@code lockTtl / 3} it asks the store to {@link
 * IdempotencyStore#extend extend} the lock, and reports a loss once. A refused extension is a loss
 * found by {@link DetectedBy#RENEWAL}; a store that cannot be reached is asked again at the next
 * tick, until {@code lockTtl} has passed on the scheduler's monotonic clock since the last
 * confirmed extension, which is a loss found by {@link DetectedBy#DEADLINE}.
 */
final class LockHeartbeat {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final IdempotencyStore store;
  private final Scheduler scheduler;
  private final RecordKey key;
  private final String owner;
  private final long lockTtlMillis;
  private final long lockTtlNanos;
  private final Duration interval;
  private final Consumer<DetectedBy> onLoss;

  private final Object lock = new Object();
  private long confirmedAtNanos;
  private Scheduler.ScheduledTask next;
  private boolean stopped;

  LockHeartbeat(
      IdempotencyStore store,
      Scheduler scheduler,
      RecordKey key,
      String owner,
      Duration lockTtl,
      long acquiredAtNanos,
      Consumer<DetectedBy> onLoss) {
    this.store = store;
    this.scheduler = scheduler;
    this.key = key;
    this.owner = owner;
    this.lockTtlMillis = lockTtl.toMillis();
    this.lockTtlNanos = lockTtl.toNanos();
    Duration third = lockTtl.dividedBy(3);
    this.interval = third.isZero() ? lockTtl : third;
    this.confirmedAtNanos = acquiredAtNanos;
    this.onLoss = onLoss;
  }

  void start() {
    scheduleNext();
  }

  /** Stops renewing; a tick already running finishes without reporting anything. */
  void stop() {
    synchronized (lock) {
      stopped = true;
      if (next != null) {
        next.cancel();
        next = null;
      }
    }
  }

  private void scheduleNext() {
    scheduleNext(interval);
  }

  private void scheduleNext(Duration delay) {
    synchronized (lock) {
      if (!stopped) {
        next = scheduler.schedule(this::tick, delay);
      }
    }
  }

  /** The next try comes at the deadline at the latest, so a loss is seen when it happens. */
  private Duration untilDeadlineOrInterval() {
    long remaining;
    synchronized (lock) {
      remaining = confirmedAtNanos + lockTtlNanos - scheduler.nanoTime();
    }
    return remaining < interval.toNanos() ? Duration.ofNanos(Math.max(0, remaining)) : interval;
  }

  private void tick() {
    long startedAt = scheduler.nanoTime();
    boolean deadlinePassed;
    synchronized (lock) {
      if (stopped) {
        return;
      }
      // the store's lock may have expired and another attempt taken the key: do not renew blindly
      deadlinePassed = startedAt - confirmedAtNanos >= lockTtlNanos;
      stopped = deadlinePassed;
    }
    if (deadlinePassed) {
      lose(DetectedBy.DEADLINE);
      return;
    }
    boolean extended;
    try {
      extended = store.extend(key.value(), owner, lockTtlMillis);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not renew the idempotency lock of owner "
              + owner
              + "; trying again in "
              + interval,
          e);
      scheduleNext(untilDeadlineOrInterval());
      return;
    }
    synchronized (lock) {
      if (stopped) {
        return;
      }
      if (extended) {
        confirmedAtNanos = startedAt;
      } else {
        stopped = true;
      }
    }
    if (extended) {
      scheduleNext();
    } else {
      lose(DetectedBy.RENEWAL);
    }
  }

  private void lose(DetectedBy detectedBy) {
    onLoss.accept(detectedBy);
  }
}
