package dev.fenced.cdi.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One lock of a guarded job as resolved at deployment: its key, ttl, minimum and maximum hold.
 *
 * @param key the key, not empty: the job key of an {@code @OnOneInstance} (its lease is {@code key
 *     + ":owner"}) or the run lock of a {@code @WithoutOverlapping}
 * @param ttl positive
 * @param lockAtLeastFor how long the run lock of a {@code @WithoutOverlapping} stays in the store
 *     at least after it was taken, however soon the run ends; zero for none (always zero for an
 *     {@code @OnOneInstance})
 * @param lockAtMostFor how long after it was taken the run lock of a {@code @WithoutOverlapping} is
 *     renewed at most, then left to expire (lost); empty for the global cap {@code
 *     fenced.locks.max-renewal} (always empty for an {@code @OnOneInstance}, whose lease has no
 *     cap)
 */
public record JobLock(
    String key, Duration ttl, Duration lockAtLeastFor, Optional<Duration> lockAtMostFor) {

  /**
   * Validates the components.
   *
   * @param key not empty
   * @param ttl positive
   * @param lockAtLeastFor zero or more
   * @param lockAtMostFor positive when present
   */
  public JobLock {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(ttl, "ttl");
    Objects.requireNonNull(lockAtLeastFor, "lockAtLeastFor");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("key must not be empty");
    }
    if (ttl.isZero() || ttl.isNegative()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
    if (lockAtLeastFor.isNegative()) {
      throw new IllegalArgumentException(
          "lockAtLeastFor must not be negative, was " + lockAtLeastFor);
    }
    Objects.requireNonNull(lockAtMostFor, "lockAtMostFor");
    if (lockAtMostFor.filter(d -> d.isZero() || d.isNegative()).isPresent()) {
      throw new IllegalArgumentException("lockAtMostFor must be positive, was " + lockAtMostFor);
    }
  }

  /**
   * A lock with a minimum hold and the global maximum.
   *
   * @param key not empty
   * @param ttl positive
   * @param lockAtLeastFor zero or more
   */
  public JobLock(String key, Duration ttl, Duration lockAtLeastFor) {
    this(key, ttl, lockAtLeastFor, Optional.empty());
  }

  /**
   * A lock without a minimum hold.
   *
   * @param key not empty
   * @param ttl positive
   */
  public JobLock(String key, Duration ttl) {
    this(key, ttl, Duration.ZERO, Optional.empty());
  }
}
