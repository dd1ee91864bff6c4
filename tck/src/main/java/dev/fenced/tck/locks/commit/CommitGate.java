package dev.fenced.tck.locks.commit;

import dev.fenced.tck.deployed.Gates;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Holds the current transaction at its commit: {@link #holdCommitAt} registers a synchronization
 * whose {@code beforeCompletion} waits at a gate, so the test looks at the world after the guarded
 * method and its interceptors returned and before the transaction commits.
 */
@ApplicationScoped
public class CommitGate {

  @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
  TransactionSynchronizationRegistry transactions;

  @Inject Gates gates;

  /**
   * Makes the current transaction wait at {@code gate} before it commits.
   *
   * @param gate the gate's name
   * @throws IllegalStateException when no transaction is active
   */
  public void holdCommitAt(String gate) {
    if (transactions.getTransactionKey() == null) {
      throw new IllegalStateException("the commit gate needs a transaction");
    }
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
