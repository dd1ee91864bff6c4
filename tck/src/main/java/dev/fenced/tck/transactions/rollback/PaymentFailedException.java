package dev.fenced.tck.transactions.rollback;

/** Thrown by a payment or a checkout; {@code @Transactional} rolls back on it. */
public class PaymentFailedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message why
   */
  public PaymentFailedException(String message) {
    super(message);
  }
}
