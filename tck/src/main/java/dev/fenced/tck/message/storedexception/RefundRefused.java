package dev.fenced.tck.message.storedexception;

/** The bank refused the refund for good: a retry gets the same answer. */
public class RefundRefused extends Exception {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message why
   */
  public RefundRefused(String message) {
    super(message);
  }
}
