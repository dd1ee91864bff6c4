package dev.fenced.store.jpa;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The JTA transaction of the current thread, when there is one: found through {@code
 * java:comp/TransactionSynchronizationRegistry} (Jakarta EE); in Java SE there is none.
 */
final class CurrentJtaTransaction {

  private static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";

  private CurrentJtaTransaction() {}

  /** Whether a JTA transaction is active on this thread. */
  static boolean isActive() {
    TransactionSynchronizationRegistry registry = registry();
    return registry != null && registry.getTransactionStatus() == Status.STATUS_ACTIVE;
  }

  /**
   * Marks the current JTA transaction rollback-only.
   *
   * @return whether there was one to mark
   */
  static boolean markRollbackOnly() {
    TransactionSynchronizationRegistry registry = registry();
    if (registry == null) {
      return false;
    }
    try {
      registry.setRollbackOnly();
      return true;
    } catch (IllegalStateException noTransaction) {
      return false;
    }
  }

  /**
   * Runs {@code signal} once the current JTA transaction has committed, never after a rollback:
   * from an interposed synchronization, which runs after the transaction's resources.
   *
   * @return whether there is an active transaction to run it after
   */
  static boolean afterCommit(Runnable signal) {
    TransactionSynchronizationRegistry registry = registry();
    if (registry == null || registry.getTransactionStatus() != Status.STATUS_ACTIVE) {
      return false;
    }
    try {
      registry.registerInterposedSynchronization(
          new Synchronization() {
            @Override
            public void beforeCompletion() {}

            @Override
            public void afterCompletion(int status) {
              if (status == Status.STATUS_COMMITTED) {
                signal.run();
              }
            }
          });
      return true;
    } catch (IllegalStateException tooLate) {
      return false;
    }
  }

  private static TransactionSynchronizationRegistry registry() {
    try {
      return (TransactionSynchronizationRegistry) new InitialContext().lookup(REGISTRY);
    } catch (NamingException | ClassCastException outsideJakartaEe) {
      return null;
    }
  }
}
