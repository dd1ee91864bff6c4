package dev.fenced.tck.ejb.idempotency;

import dev.fenced.tck.deployed.Ledger;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * An EJB that calls {@link Payments} inside its own container-managed transaction, which the
 * payment joins: it writes {@code <paymentId>#checkout} to the ledger first, catches what the
 * payment throws and reports it with whether its transaction is now marked rollback-only.
 */
@Stateless
public class Checkout {

  @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
  TransactionSynchronizationRegistry transactions;

  @Inject Payments payments;
  @Inject Ledger ledger;

  /**
   * What the calling EJB saw.
   *
   * @param caught what the payment threw, or {@code null}
   * @param rollbackOnly whether the caller's transaction was marked rollback-only after it
   */
  public record Seen(Exception caught, boolean rollbackOnly) {}

  /**
   * Writes to the ledger, then pays and catches what the payment throws.
   *
   * @param paymentId the key
   * @param cents the amount
   * @return what the caller saw
   */
  public Seen checkOut(String paymentId, long cents) {
    ledger.write(paymentId + "#checkout");
    try {
      payments.pay(paymentId, cents);
      return new Seen(null, transactions.getRollbackOnly());
    } catch (Exception e) {
      return new Seen(e, transactions.getRollbackOnly());
    }
  }
}
