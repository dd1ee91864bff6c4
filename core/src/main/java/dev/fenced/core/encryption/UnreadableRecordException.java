package dev.fenced.core.encryption;

/**
 * A stored record that cannot be opened: plain text while encryption is on, sealed while it is off,
 * sealed with a key that is no longer listed, tampered with, or copied from another record key. The
 * message says which, and never holds a key, a record key or the payload.
 */
public final class UnreadableRecordException extends Exception {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param reason why the record cannot be opened, safe to log
   */
  public UnreadableRecordException(String reason) {
    super(reason);
  }

  /**
   * Creates the exception with its cause.
   *
   * @param reason why the record cannot be opened, safe to log
   * @param cause the crypto failure
   */
  public UnreadableRecordException(String reason, Throwable cause) {
    super(reason, cause);
  }
}
