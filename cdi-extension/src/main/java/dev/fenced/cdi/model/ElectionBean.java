package dev.fenced.cdi.model;

import java.time.Duration;
import java.util.Objects;

/**
 * A {@code @LeaderElection} bean class, resolved from the annotation and MicroProfile Config and
 * validated once at deployment. Immutable.
 *
 * @param className the fully qualified bean class name
 * @param key the election key, not empty
 * @param ttl the leader's lease ttl, positive
 * @param onAcquired whether the class implements {@code OnLeadershipAcquired}
 * @param onLost whether the class implements {@code OnLeadershipLost}
 */
public record ElectionBean(
    String className, String key, Duration ttl, boolean onAcquired, boolean onLost) {

  /**
   * Validates the components.
   *
   * @param className never {@code null}
   * @param key not empty
   * @param ttl positive
   * @param onAcquired whether the acquired callback exists
   * @param onLost whether the lost callback exists
   */
  public ElectionBean {
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(ttl, "ttl");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("key must not be empty");
    }
  }
}
