package dev.fenced;

import java.util.Objects;

/**
 * The root of every runtime error Fenced raises to application code.
 *
 * <p>Each instance carries a stable {@link ErrorCode}: match on {@link #code()}, never on the
 * message, which is written for people and may change between releases.
 */
public abstract class FencedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final ErrorCode code;

  /**
   * Creates an exception with a code and a message that tells the user what to do.
   *
   * @param code the stable code, never {@code null}
   * @param message what happened and what to do about it
   * @param cause the underlying failure, or {@code null}
   */
  protected FencedException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
  }

  /**
   * The stable code of this error.
   *
   * @return the code, never {@code null}
   */
  public ErrorCode code() {
    return code;
  }
}
