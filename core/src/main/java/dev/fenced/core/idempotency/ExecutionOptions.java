package dev.fenced.core.idempotency;

import dev.fenced.idempotency.OnConflict;
import java.time.Duration;
import java.util.Objects;

/**
 * The resolved limits of one guarded call, as {@link IdempotencyEngine#execute} takes them: every
 * default already applied by the caller.
 *
 * @param ttl how long the stored outcome lives, at least 1 ms
 * @param lockTtl how long the lock lives without renewal, at least 1 ms; renewed every third
 * @param onConflict what a duplicate does while the first call runs
 * @param waitTimeout how long a {@link OnConflict#WAIT waiting} duplicate waits, positive
 */
public record ExecutionOptions(
    Duration ttl, Duration lockTtl, OnConflict onConflict, Duration waitTimeout) {

  /**
   * Validates the components.
   *
   * @param ttl at least 1 ms
   * @param lockTtl at least 1 ms
   * @param onConflict never {@code null}
   * @param waitTimeout positive
   */
  public ExecutionOptions {
    requireMillis(ttl, "ttl");
    requireMillis(lockTtl, "lockTtl");
    Objects.requireNonNull(onConflict, "onConflict");
    Objects.requireNonNull(waitTimeout, "waitTimeout");
    if (waitTimeout.isZero() || waitTimeout.isNegative()) {
      throw new IllegalArgumentException("waitTimeout must be positive, was " + waitTimeout);
    }
  }

  /**
   * Options that reject concurrent duplicates.
   *
   * @param ttl how long the outcome lives
   * @param lockTtl how long the lock lives without renewal
   * @return the options
   */
  public static ExecutionOptions rejecting(Duration ttl, Duration lockTtl) {
    return new ExecutionOptions(ttl, lockTtl, OnConflict.REJECT, lockTtl);
  }

  /**
   * Options whose duplicates wait for the first call, at most {@code waitTimeout}.
   *
   * @param ttl how long the outcome lives
   * @param lockTtl how long the lock lives without renewal
   * @param waitTimeout how long a duplicate waits
   * @return the options
   */
  public static ExecutionOptions waiting(Duration ttl, Duration lockTtl, Duration waitTimeout) {
    return new ExecutionOptions(ttl, lockTtl, OnConflict.WAIT, waitTimeout);
  }

  static Duration requireMillis(Duration duration, String name) {
    Objects.requireNonNull(duration, name);
    if (duration.toMillis() < 1) {
      throw new IllegalArgumentException(
          name
              + " must be at least 1 millisecond (stores count whole milliseconds), was "
              + duration);
    }
    return duration;
  }
}
