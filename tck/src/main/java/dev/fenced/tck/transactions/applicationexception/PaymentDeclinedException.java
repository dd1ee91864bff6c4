package dev.fenced.tck.transactions.applicationexception;

import jakarta.ejb.ApplicationException;

/**
 * A declined payment: an application exception that does <em>not</em> roll the transaction back, so
 * what the payment wrote before it threw is committed.
 */
@ApplicationException(rollback = false)
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
