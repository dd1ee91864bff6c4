package dev.fenced.tck.transactions.rollback;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/** A transaction around a payment that fails after the payment returned. */
@ApplicationScoped
public class Checkout {

  @Inject Payments payments;

  /**
   * Pays inside this transaction, then fails, so the transaction rolls back.
   *
   * @param paymentId the key
   * @return never
   */
  @Transactional
  public Receipt payThenFail(String paymentId) {
    Receipt receipt = payments.pay(paymentId);
    throw new PaymentFailedException("checkout failed after payment run " + receipt.run());
  }
}
