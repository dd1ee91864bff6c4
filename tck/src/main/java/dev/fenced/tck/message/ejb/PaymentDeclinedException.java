package dev.fenced.tck.message.ejb;

import jakarta.ejb.ApplicationException;

/** An application exception: it reaches the caller as itself and rolls the transaction back. */
@ApplicationException(rollback = true)
public class PaymentDeclinedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message why
   */
  public PaymentDeclinedException(String message) {
    super(message);
  }
}
