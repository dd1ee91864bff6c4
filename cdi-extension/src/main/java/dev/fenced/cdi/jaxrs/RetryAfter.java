package dev.fenced.cdi.jaxrs;

import java.time.Duration;
import java.util.Objects;

/** The {@code Retry-After} header of a 409 {@code IDEMPOTENCY_KEY_IN_USE}. */
final class RetryAfter {

  /** The response header name. */
  static final String HEADER = "Retry-After";

  private RetryAfter() {}

  /**
   * The header value: whole seconds, rounded up, so a client never retries before the hint.
   *
   * @param hint the configured hint, not negative
   * @return delta-seconds, e.g. {@code "1"} for 1 ms to 1 s and {@code "2"} for 1001 ms
   */
  static String seconds(Duration hint) {
    Objects.requireNonNull(hint, "hint");
    if (hint.isNegative()) {
      throw new IllegalArgumentException("a Retry-After hint is never negative, was " + hint);
    }
    long seconds = hint.getSeconds();
    return Long.toString(hint.getNano() > 0 ? seconds + 1 : seconds);
  }
}
