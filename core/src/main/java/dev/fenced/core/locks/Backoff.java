package dev.fenced.core.locks;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The pauses between tries for a lock someone else holds: doubling from {@code initial} up to
 * {@code max}, each jittered between half and all of its length ("equal jitter"), so competing
 * callers spread out while the number of tries in a wait stays bounded.
 *
 * @param initial the pause after the first try, positive
 * @param max the longest pause, at least {@code initial}
 */
public record Backoff(Duration initial, Duration max) {

  /** 50 ms doubling up to 1 s. */
  public static final Backoff DEFAULT = new Backoff(Duration.ofMillis(50), Duration.ofSeconds(1));

  /**
   * Validates the components.
   *
   * @param initial positive
   * @param max at least {@code initial}
   */
  public Backoff {
    Objects.requireNonNull(initial, "initial");
    Objects.requireNonNull(max, "max");
    if (initial.isNegative() || initial.isZero()) {
      throw new IllegalArgumentException("initial backoff must be positive, was " + initial);
    }
    if (max.compareTo(initial) < 0) {
      throw new IllegalArgumentException(
          "max backoff " + max + " must not be shorter than initial " + initial);
    }
  }

  /**
   * The pause after a number of failed tries.
   *
   * @param failedTries how many tries failed so far, 1 or more
   * @param random the jitter source
   * @return a pause between half and all of {@code min(max, initial * 2^(failedTries - 1))}
   */
  public Duration pause(int failedTries, RandomGenerator random) {
    int shift = Math.min(Math.max(failedTries, 1) - 1, 62);
    long initialNanos = initial.toNanos();
    long maxNanos = max.toNanos();
    long base = initialNanos > (maxNanos >> shift) ? maxNanos : initialNanos << shift;
    long half = base / 2;
    return Duration.ofNanos(base - half + random.nextLong(half + 1));
  }
}
