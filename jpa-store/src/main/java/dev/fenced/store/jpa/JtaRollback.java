package dev.fenced.store.jpa;

import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/** Marks the current JTA transaction for rollback, when there is one (Jakarta EE: JNDI). */
final class JtaRollback {

  private static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";

  private JtaRollback() {}

  /**
   * Marks the current JTA transaction rollback-only.
   *
   * @return whether there was one to mark
   */
  static boolean mark() {
    try {
      TransactionSynchronizationRegistry registry =
          (TransactionSynchronizationRegistry) new InitialContext().lookup(REGISTRY);
      registry.setRollbackOnly();
      return true;
    } catch (NamingException | IllegalStateException | ClassCastException outsideJta) {
      return false;
    }
  }
}
