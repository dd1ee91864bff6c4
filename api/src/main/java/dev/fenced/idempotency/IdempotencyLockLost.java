package dev.fenced.idempotency;

import java.util.Objects;

/**
 * CDI event fired when the in-flight lock of a running idempotent call could not be renewed. A
 * retry may now take the key over and run the method a second time: alert on it.
 *
 * @param target what was called: {@code "POST /orders/7/pay"} or {@code "com.example.Handler.on"}
 * @param key the idempotency key the caller sent
 */
public record IdempotencyLockLost(String target, String key) {

  /**
   * Validates the components.
   *
   * @param target what was called, never {@code null}
   * @param key the caller's key, never {@code null}
   */
  public IdempotencyLockLost {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(key, "key");
  }
}
