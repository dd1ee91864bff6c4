package dev.fenced.tck.message.storedexception;

/** The card was captured, then the next step failed: a retry must not capture it again. */
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
