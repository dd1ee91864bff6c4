package dev.fenced.tck.idempotent.storeif;

/** The seat was charged, then confirming it failed: a retry must not charge again. */
public class CaptureFailed extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what happened
   */
  public CaptureFailed(String message) {
    super(message);
  }
}
