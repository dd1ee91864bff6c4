package dev.fenced.idempotency;

import java.util.Objects;

/**
 * CDI event fired when a repeated call got the stored outcome instead of running the method.
 *
 * @param target what was called: {@code "POST /orders/7/pay"} or {@code "com.example.Handler.on"}
 * @param key the idempotency key the caller sent (not the scoped record key)
 */
public record IdempotencyReplayed(String target, String key) {

  /**
   * Validates the components.
   *
   * @param target what was called, never {@code null}
   * @param key the caller's key, never {@code null}
   */
  public IdempotencyReplayed {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(key, "key");
  }
}
