package dev.fenced.idempotency;

import dev.fenced.ErrorCode;
import java.util.Objects;

/**
 * CDI event fired when a call was refused without running the method: key in use, reused, missing
 * or invalid, record unreadable, or store unavailable.
 *
 * @param target what was called: {@code "POST /orders/7/pay"} or {@code "com.example.Handler.on"}
 * @param key the idempotency key the caller sent, or {@code null} when it sent none
 * @param code why the call was refused
 */
public record IdempotencyRejected(String target, String key, ErrorCode code) {

  /**
   * Validates the components.
   *
   * @param target what was called, never {@code null}
   * @param key the caller's key, or {@code null}
   * @param code the reason, never {@code null}
   */
  public IdempotencyRejected {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(code, "code");
  }
}
