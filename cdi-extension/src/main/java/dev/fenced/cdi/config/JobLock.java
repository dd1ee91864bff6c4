package dev.fenced.cdi.config;

import java.time.Duration;
import java.util.Objects;

/**
 * One lock of a guarded job as resolved at deployment: its key and ttl.
 *
 * @param key the key, not empty: the job key of an {@code @OnOneInstance} (its lease is {@code key
 *     + ":owner"}) or the run lock of a {@code @WithoutOverlapping}
 * @param ttl positive
 */
public record JobLock(String key, Duration ttl) {

  /**
   * Validates the components.
   *
   * @param key not empty
   * @param ttl positive
   */
  public JobLock {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(ttl, "ttl");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("key must not be empty");
    }
    if (ttl.isZero() || ttl.isNegative()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
  }
}
