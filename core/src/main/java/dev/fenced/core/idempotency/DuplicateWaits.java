package dev.fenced.core.idempotency;

import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How duplicates wait for the attempt that holds their key ({@code onConflict = WAIT}): they look
 * at the record again after pauses that start at {@value #FIRST_POLL_MILLIS} ms and double up to
 * {@link #maxPoll()}, and, where the store wakes waiters ({@link ClaimEndSignals}), at once when
 * the claim ends. The poll stays the bound: a lost signal costs at most one pause.
 */
public final class DuplicateWaits {

  /**
   * The longest pause between two looks when none is configured ({@code
   * fenced.idempotency.wait-poll}).
   */
  public static final Duration DEFAULT_MAX_POLL = Duration.ofMillis(500);

  /** The first pause of a waiting duplicate, in milliseconds. */
  static final long FIRST_POLL_MILLIS = 20;

  static final Duration FIRST_POLL = Duration.ofMillis(FIRST_POLL_MILLIS);

  private final Scheduler scheduler;
  private final Optional<ClaimEndSignals> signals;
  private final Duration maxPoll;

  /**
   * Waits that poll up to {@code maxPoll} and are woken by {@code signals} when there are any.
   *
   * @param scheduler sleeps and measures the deadline
   * @param signals the store's wake-ups, or empty to poll only
   * @param maxPoll the longest pause between two looks, at least the first pause
   */
  public DuplicateWaits(Scheduler scheduler, Optional<ClaimEndSignals> signals, Duration maxPoll) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    this.signals = Objects.requireNonNull(signals, "signals");
    this.maxPoll = Objects.requireNonNull(maxPoll, "maxPoll");
    if (maxPoll.compareTo(FIRST_POLL) < 0) {
      throw new IllegalArgumentException(
          "the longest pause of a waiting duplicate must be at least "
              + FIRST_POLL.toMillis()
              + " ms, was "
              + maxPoll);
    }
  }

  /**
   * The default waits on {@code store}: woken by it when it implements {@link ClaimEndSignals},
   * pauses up to {@link #DEFAULT_MAX_POLL}.
   *
   * @param store the store the engine uses
   * @param scheduler sleeps and measures the deadline
   * @return the waits
   */
  public static DuplicateWaits on(IdempotencyStore store, Scheduler scheduler) {
    return new DuplicateWaits(scheduler, signalsOf(store), DEFAULT_MAX_POLL);
  }

  /**
   * The store's wake-ups, when it offers them.
   *
   * @param store a store
   * @return the store as {@link ClaimEndSignals}, or empty
   */
  public static Optional<ClaimEndSignals> signalsOf(Object store) {
    return store instanceof ClaimEndSignals offered ? Optional.of(offered) : Optional.empty();
  }

  /** The longest pause between two looks. */
  Duration maxPoll() {
    return maxPoll;
  }

  /**
   * Starts one duplicate's wait for {@code key}, after its first look found the key in use.
   *
   * @param key the record key
   * @param timeout how long it waits at most
   * @return the wait, to close when it ends
   */
  DuplicateWait start(RecordKey key, Duration timeout) {
    return new DuplicateWait(scheduler, signals, key, timeout, maxPoll);
  }
}
