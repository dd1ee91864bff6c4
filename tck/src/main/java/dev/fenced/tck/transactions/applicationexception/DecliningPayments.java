package dev.fenced.tck.transactions.applicationexception;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * An {@code @Idempotent} EJB payment that writes to the ledger and then declines with an
 * application exception that keeps the container-managed transaction committing. Run {@code n} of a
 * key holds its commit at the gate {@code <paymentId>#<n>}.
 */
@Stateless
public class DecliningPayments {

  @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
  TransactionSynchronizationRegistry transactions;

  @Inject Invocations invocations;
  @Inject Ledger ledger;
  @Inject Gates gates;

  /**
   * Records a declined attempt, then declines.
   *
   * @param paymentId the key
   * @throws PaymentDeclinedException always, after writing {@code <paymentId>#<run>}
   */
  @Idempotent
  public void pay(@IdempotencyKey String paymentId) {
    int run = invocations.increment(paymentId);
    ledger.write(paymentId + "#" + run);
    holdCommitAt(gate(paymentId, run));
    throw new PaymentDeclinedException("declined " + paymentId + " on run " + run);
  }

  /**
   * The gate run {@code run} of {@code paymentId} holds its commit at.
   *
   * @param paymentId the key
   * @param run the run, from 1
   * @return the gate's name
   */
  public static String gate(String paymentId, int run) {
    return paymentId + "#" + run;
  }

  private void holdCommitAt(String gate) {
    transactions.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {
            try {
              gates.pass(gate);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }

          @Override
          public void afterCompletion(int status) {}
        });
  }
}
