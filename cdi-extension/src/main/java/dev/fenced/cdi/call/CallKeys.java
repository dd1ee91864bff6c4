package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.model.KeyPath;
import dev.fenced.core.idempotency.IdempotencyKeys;
import dev.fenced.idempotency.IdempotencyException;

/**
 * Reads the idempotency key of a non-HTTP call from its {@code @IdempotencyKey} argument: the
 * argument itself or the property at its path, as text ({@code toString()} of a {@code UUID} or
 * number), checked like an HTTP key.
 */
public final class CallKeys {

  private CallKeys() {}

  /**
   * The key of a call.
   *
   * @param argument the {@code @IdempotencyKey} argument
   * @param path the compiled property path into it
   * @return the valid key
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_REQUIRED} when the argument or the value at
   *     the path is {@code null}; {@code IDEMPOTENCY_KEY_INVALID} when it is not 1 to 255 printable
   *     ASCII characters
   */
  public static String read(Object argument, KeyPath path) {
    Object value = path.read(argument);
    if (value == null) {
      String where = path.toString().isEmpty() ? "argument" : "property \"" + path + "\"";
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_KEY_REQUIRED,
          "The @IdempotencyKey " + where + " is null; every call needs a key");
    }
    return IdempotencyKeys.validate(value.toString());
  }

  /**
   * Checks a key given to the programmatic API.
   *
   * @param key the key, or {@code null}
   * @return the valid key
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_REQUIRED} or {@code
   *     IDEMPOTENCY_KEY_INVALID}
   */
  public static String require(String key) {
    if (key == null) {
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_KEY_REQUIRED, "The idempotency key is null; every call needs one");
    }
    return IdempotencyKeys.validate(key);
  }
}
