package dev.fenced.core.lease;

import dev.fenced.core.LogKeys;
import dev.fenced.core.time.Scheduler;
import dev.fenced.core.time.Scheduler.ScheduledTask;
import dev.fenced.locks.DetectedBy;
import dev.fenced.store.spi.StoreUnavailableException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Keeps one lease alive: renews it every ttl/3 and reports its loss once, when the store refuses a
 * renewal ({@link DetectedBy#RENEWAL}) or when ttl minus a {@linkplain #safetyMargin safety margin}
 * passes on the {@link Scheduler}'s monotonic clock since the start of the last confirmed acquire
 * or renewal ({@link DetectedBy#DEADLINE}).
 *
 * <p>The deadline is checked by a {@linkplain Scheduler#scheduleTimer timer} task, on threads that
 * never run store calls: it goes off on time even while every renewal of every lease hangs. The
 * loss it finds is reported {@linkplain Scheduler#runAside aside}, so a loss listener that blocks
 * cannot hold up the next deadline either. The margin makes the loss (and the interrupt of the work
 * it triggers) come before the store's own expiry, so before another holder can take the lease.
 *
 * <p>Each renewal is due an interval after the previous one started; a store that cannot answer is
 * asked again at the next one. A lease is renewed for at most its {@code maxRenewal} since it was
 * acquired: then renewal stops with a WARNING and the lease is lost at its deadline, so a lease
 * whose owner forgot to end it does not live forever. Internal: shared by the lock and idempotency
 * engines. Thread-safe.
 */
public final class LeaseRenewal {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  /** The {@code maxRenewal} of a lease that Fenced's own loops renew for the application's life. */
  public static final Duration UNCAPPED = Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);

  /** The safety margin is ttl divided by this: a tenth of the ttl. */
  private static final int MARGIN_DIVISOR = 10;

  /** A ttl shorter than this many seconds (about 292 years) fits in a long of nanoseconds. */
  private static final long NANOS_FIT_BELOW_SECONDS = Long.MAX_VALUE / 1_000_000_000L;

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
  private final long lossAfterNanos;
  private final long acquiredAtNanos;
  private final long maxRenewalNanos;
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
  private boolean capReached;

  /**
   * Creates a renewal without a cap, that does nothing until {@link #start()}.
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
    this(scheduler, ttl, UNCAPPED, acquiredAtNanos, renewer, description, onLoss);
  }

  /**
   * Creates a renewal that does nothing until {@link #start()}.
   *
   * @param scheduler runs the renewals and the deadline check, and gives the monotonic clock
   * @param ttl how long the store keeps the lease without a renewal, positive
   * @param maxRenewal how long after {@code acquiredAtNanos} renewals stop, positive; {@link
   *     #UNCAPPED} for leases Fenced's own loops keep for the application's life
   * @param acquiredAtNanos the scheduler's reading taken before the acquire request was sent
   * @param renewer sends one renewal request
   * @param description names the lease in log lines, such as {@code lock 'job' (fencing token 7)};
   *     never a full long key (see {@link LogKeys}) nor an owner id
   * @param onLoss told once how the loss was found, on the thread that found it
   */
  public LeaseRenewal(
      Scheduler scheduler,
      Duration ttl,
      Duration maxRenewal,
      long acquiredAtNanos,
      Renewer renewer,
      String description,
      Consumer<DetectedBy> onLoss) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isZero() || ttl.isNegative()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
    Objects.requireNonNull(maxRenewal, "maxRenewal");
    if (maxRenewal.isZero() || maxRenewal.isNegative()) {
      throw new IllegalArgumentException("maxRenewal must be positive, was " + maxRenewal);
    }
    long ttlNanos = ttl.toNanos();
    this.lossAfterNanos = ttlNanos - safetyMargin(ttl).toNanos();
    this.intervalNanos = Math.max(1, ttlNanos / 3);
    this.maxRenewalNanos = saturatedNanos(maxRenewal);
    this.acquiredAtNanos = acquiredAtNanos;
    this.confirmedAtNanos = acquiredAtNanos;
    this.renewer = Objects.requireNonNull(renewer, "renewer");
    this.description = Objects.requireNonNull(description, "description");
    this.onLoss = Objects.requireNonNull(onLoss, "onLoss");
  }

  /**
   * Whether a lease whose acquire was sent at {@code sentAtNanos} is past its deadline at {@code
   * nowNanos}: an acquire answered this late must not be used, since the lease may already have
   * expired in the store and been taken by another owner, who acts on it.
   *
   * @param sentAtNanos the scheduler's reading taken before the acquire request was sent
   * @param nowNanos the scheduler's reading now
   * @param ttl the lease's ttl
   * @return whether the deadline has passed
   */
  public static boolean deadlinePassed(long sentAtNanos, long nowNanos, Duration ttl) {
    return nowNanos - sentAtNanos >= ttl.toNanos() - safetyMargin(ttl).toNanos();
  }

  /**
   * How long before the store's own expiry a lease is declared lost by {@link DetectedBy#DEADLINE}:
   * a tenth of its ttl. The store's expiry is at least ttl after the reading taken before the
   * request was sent; the loss comes at ttl minus this margin after it, which leaves time for the
   * interrupt to reach the work and absorbs a late timer or a slightly faster store clock.
   *
   * @param ttl the lease's ttl, positive
   * @return a tenth of {@code ttl}
   */
  public static Duration safetyMargin(Duration ttl) {
    // Duration.dividedBy computes in BigDecimal, a cost every claim and acquire paid
    return ttl.getSeconds() < NANOS_FIT_BELOW_SECONDS
        ? Duration.ofNanos(ttl.toNanos() / MARGIN_DIVISOR)
        : ttl.dividedBy(MARGIN_DIVISOR);
  }

  /** Schedules the first renewal and the deadline check; does nothing when started or stopped. */
  public void start() {
    synchronized (monitor) {
      if (started || stopped) {
        return;
      }
      started = true;
      scheduleRenewal(confirmedAtNanos);
      deadlineCheck = scheduler.scheduleTimer(this::checkDeadline, untilDeadline());
    }
  }

  /**
   * When the lease will be declared lost unless a renewal is confirmed first.
   *
   * @return a reading of the scheduler's monotonic clock
   */
  public long deadlineNanos() {
    synchronized (monitor) {
      return confirmedAtNanos + lossAfterNanos;
    }
  }

  /**
   * When the last confirmed acquire or renewal was sent: the store keeps the lease at least a ttl
   * after it.
   *
   * @return a reading of the scheduler's monotonic clock
   */
  public long confirmedAtNanos() {
    synchronized (monitor) {
      return confirmedAtNanos;
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
    boolean capped = false;
    synchronized (monitor) {
      if (stopped) {
        return;
      }
      nextRenewal = null;
      // read before the request: the store's new expiry is at least this plus ttl
      startedAt = scheduler.nanoTime();
      // the store may have let the lease go and another holder taken it: do not renew blindly
      deadlinePassed = startedAt - confirmedAtNanos >= lossAfterNanos;
      if (!deadlinePassed && startedAt - acquiredAtNanos >= maxRenewalNanos) {
        // no next renewal: the deadline check reports the loss
        capReached = true;
        capped = true;
      }
    }
    if (deadlinePassed) {
      lose(DetectedBy.DEADLINE);
      return;
    }
    if (capped) {
      LOG.log(
          Level.WARNING,
          "Stopped renewing "
              + description
              + ": it was held for its maximum renewal of "
              + Duration.ofNanos(maxRenewalNanos)
              + " without being ended by its owner (never closed or released?); it is lost in"
              + " at most one ttl, and another holder can take it then");
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
    if (stopped || capReached) {
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
        deadlineCheck = scheduler.scheduleTimer(this::checkDeadline, remaining);
        return;
      }
      deadlineCheck = null;
    }
    // the loss is decided here, on the timer thread; its report runs application code
    if (stopForLoss()) {
      scheduler.runAside(() -> report(DetectedBy.DEADLINE));
    }
  }

  private Duration untilDeadline() {
    return Duration.ofNanos(confirmedAtNanos + lossAfterNanos - scheduler.nanoTime());
  }

  private static long saturatedNanos(Duration duration) {
    return duration.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0
        ? Long.MAX_VALUE
        : duration.toNanos();
  }

  private void lose(DetectedBy detectedBy) {
    if (stopForLoss()) {
      report(detectedBy);
    }
  }

  /** Stops for a loss; {@code false} when stopped already, or the other task found it first. */
  private boolean stopForLoss() {
    synchronized (monitor) {
      if (stopped) {
        return false;
      }
      stopLocked();
      return true;
    }
  }

  private void report(DetectedBy detectedBy) {
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
