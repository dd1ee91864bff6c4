package dev.fenced.store.spi;

import java.util.Map;
import java.util.Objects;

/**
 * What {@link StoreReadiness#readiness()} found.
 *
 * @param ready whether the store can serve
 * @param reason why it cannot, and what to do; empty when ready
 * @param details facts an operator may want next to the answer (the database, the eviction policy),
 *     never a secret such as a password; copied
 */
public record Readiness(boolean ready, String reason, Map<String, String> details) {

  /**
   * Validates and copies the components.
   *
   * @param ready whether the store can serve
   * @param reason never {@code null}; blank only when ready
   * @param details never {@code null}; copied
   */
  public Readiness {
    Objects.requireNonNull(reason, "reason");
    details = Map.copyOf(details);
    if (!ready && reason.isBlank()) {
      throw new IllegalArgumentException("a store that is not ready says why");
    }
  }

  /**
   * A ready store.
   *
   * @param details facts for the operator
   * @return the answer
   */
  public static Readiness ready(Map<String, String> details) {
    return new Readiness(true, "", details);
  }

  /**
   * A store that is not ready.
   *
   * @param reason why, and what to do
   * @param details facts for the operator
   * @return the answer
   */
  public static Readiness notReady(String reason, Map<String, String> details) {
    return new Readiness(false, reason, details);
  }
}
