package dev.fenced.cdi.call;

import java.util.Objects;

/**
 * An exception that was a call's outcome, as it is stored: its class and its message. A replay
 * throws it again through the call's {@link FailureOutcomes}.
 *
 * @param type the exception's class name
 * @param message its message, or {@code null}
 */
public record StoredFailure(String type, String message) {

  /**
   * Validates the components.
   *
   * @param type never {@code null}
   * @param message may be {@code null}
   */
  public StoredFailure {
    Objects.requireNonNull(type, "type");
  }

  /**
   * The stored form of an exception.
   *
   * @param thrown what the call threw
   * @return its class name and message
   */
  public static StoredFailure of(Throwable thrown) {
    return new StoredFailure(thrown.getClass().getName(), thrown.getMessage());
  }
}
