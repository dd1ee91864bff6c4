package dev.fenced.core.lease;

import dev.fenced.core.time.Scheduler;
import dev.fenced.core.time.Scheduler.ScheduledTask;
import dev.fenced.idempotency.spi.StoreUnavailableException;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Keeps one lease alive: renews it every ttl/3 and reports its loss once, when the store refuses a
 * renewal ({@link DetectedBy#RENEWAL}) or when ttl passes on the {@link Scheduler}'s monotonic
 * clock since the start of the last confirmed acquire or renewal ({@link DetectedBy#DEADLINE}).
 *
 * <p>The deadline is checked by its own task, so it fires even while a renewal hangs, provided the
 * scheduler has a free thread. Each renewal is due an interval after the previous one started; a
 * store that cannot answer is asked again at the next one. Internal: shared by the lock and
 * idempotency engines. Thread-safe.
 */
public final class LeaseRenewal {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  /** One renewal request to the store. */
  @FunctionalInterface
  public interface Renewer {

    /**
     * Asks the store to extend the lease by its ttl from now.
     *
     * @return {@code true} when extended; {@code false} when the store refused: the lease is gone
     * @throws StoreUnavailableException when the store cannot be reached (any other runtime
     *     exception is treated alike); asked again at the next renewal
     */
    boolean renew();
  }

  private final Scheduler scheduler;
  private final long ttlNanos;
  private final long intervalNanos;
  private final Renewer renewer;
  private final String description;
  private final Consumer<DetectedBy> onLoss;

  private final Object monitor = new Object();
  private long confirmedAtNanos;
  private boolean started;
  private boolean stopped;
  private ScheduledTask nextRenewal;
  private ScheduledTask deadlineCheck;

  /**
   * Creates a renewal that does nothing until {@link #start()}.
   *
   * @param scheduler runs the renewals and the deadline check, and gives the monotonic clock
   * @param ttl how long the store keeps the lease without a renewal, positive
   * @param acquiredAtNanos the scheduler's reading taken before the acquire request was sent
   * @param renewer sends one renewal request
   * @param description names the lease in log lines, such as {@code lock 'job' (fencing token 7)};
   *     never a full long key (see {@link LogKeys}) nor an owner id
   * @param onLoss told once how the loss was found, on the thread that found it
   */
  public LeaseRenewal(
      Scheduler scheduler,
      Duration ttl,
      long acquiredAtNanos,
      Renewer renewer,
      String description,
      Consumer<DetectedBy> onLoss) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isZero() || ttl.isNegative()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
    this.ttlNanos = ttl.toNanos();
    this.intervalNanos = Math.max(1, ttlNanos / 3);
    this.confirmedAtNanos = acquiredAtNanos;
    this.renewer = Objects.requireNonNull(renewer, "renewer");
    this.description = Objects.requireNonNull(description, "description");
    this.onLoss = Objects.requireNonNull(onLoss, "onLoss");
  }

  /** Schedules the first renewal and the deadline check; does nothing when started or stopped. */
  public void start() {
    synchronized (monitor) {
      if (started || stopped) {
        return;
      }
      started = true;
      scheduleRenewal(confirmedAtNanos);
      deadlineCheck = scheduler.schedule(this::checkDeadline, untilDeadline());
    }
  }

  /**
   * Stops renewing, for good. Once it returns the loss callback is not called, unless a loss found
   * earlier is being reported on another thread at that moment. Idempotent.
   */
  public void stop() {
    synchronized (monitor) {
      stopLocked();
    }
  }

  private void renew() {
    long startedAt;
    boolean deadlinePassed;
    synchronized (monitor) {
      if (stopped) {
        return;
      }
      nextRenewal = null;
      // read before the request: the store's new expiry is at least this plus ttl
      startedAt = scheduler.nanoTime();
      // the store may have let the lease go and another holder taken it: do not renew blindly
      deadlinePassed = startedAt - confirmedAtNanos >= ttlNanos;
    }
    if (deadlinePassed) {
      lose(DetectedBy.DEADLINE);
      return;
    }
    boolean renewed;
    try {
      renewed = renewer.renew();
    } catch (StoreUnavailableException e) {
      LOG.log(
          Level.WARNING,
          "Could not renew "
              + description
              + "; retrying in "
              + Duration.ofNanos(intervalNanos).toMillis()
              + " ms, lost at its deadline unless a renewal succeeds first: "
              + e.getMessage());
      retryAfter(startedAt);
      return;
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "The store failed renewing " + description + "; retrying", e);
      retryAfter(startedAt);
      return;
    }
    if (!renewed) {
      lose(DetectedBy.RENEWAL);
      return;
    }
    synchronized (monitor) {
      confirmedAtNanos = Math.max(confirmedAtNanos, startedAt);
      scheduleRenewal(startedAt);
    }
  }

  private void retryAfter(long startedAt) {
    synchronized (monitor) {
      scheduleRenewal(startedAt);
    }
  }

  /** Schedules the next renewal an interval after {@code lastStartedAt}; holds the monitor. */
  private void scheduleRenewal(long lastStartedAt) {
    if (stopped) {
      return;
    }
    long elapsed = scheduler.nanoTime() - lastStartedAt;
    nextRenewal =
        scheduler.schedule(this::renew, Duration.ofNanos(Math.max(0, intervalNanos - elapsed)));
  }

  private void checkDeadline() {
    synchronized (monitor) {
      if (stopped) {
        return;
      }
      Duration remaining = untilDeadline();
      if (!remaining.isNegative() && !remaining.isZero()) {
        // a renewal moved the deadline since this check was scheduled
        deadlineCheck = scheduler.schedule(this::checkDeadline, remaining);
        return;
      }
      deadlineCheck = null;
    }
    lose(DetectedBy.DEADLINE);
  }

  private Duration untilDeadline() {
    return Duration.ofNanos(confirmedAtNanos + ttlNanos - scheduler.nanoTime());
  }

  private void lose(DetectedBy detectedBy) {
    synchronized (monitor) {
      if (stopped) {
        return; // stopped, or the other task reported the loss first
      }
      stopLocked();
    }
    try {
      onLoss.accept(detectedBy);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "The loss callback of " + description + " threw", e);
    }
  }

  private void stopLocked() {
    stopped = true;
    if (nextRenewal != null) {
      nextRenewal.cancel();
      nextRenewal = null;
    }
    if (deadlineCheck != null) {
      deadlineCheck.cancel();
      deadlineCheck = null;
    }
  }
}
