package dev.fenced.cdi.boot;

import java.util.Objects;

/**
 * A setting's raw value and where it came from, so a deployment error can name the option the user
 * must fix.
 *
 * @param value the raw value as written
 * @param source a config key, {@code @Idempotent(ttl) on com.example.Pay.pay}, or {@code default}
 */
public record ResolvedValue(String value, String source) {

  /**
   * Validates the components.
   *
   * @param value never {@code null}
   * @param source never {@code null}
   */
  public ResolvedValue {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
  }

  /**
   * Describes the value for an error message.
   *
   * @return e.g. {@code "12x" (from com.example.Pay/pay/Idempotent/ttl)}
   */
  public String describe() {
    return "\"" + value + "\" (from " + source + ")";
  }
}
