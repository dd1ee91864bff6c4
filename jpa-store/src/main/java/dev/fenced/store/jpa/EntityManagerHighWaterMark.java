package dev.fenced.store.jpa;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityTransaction;

/**
 * {@link HighWaterMark} on the caller's entity manager, in its JTA or resource-local transaction.
 */
final class EntityManagerHighWaterMark implements HighWaterMark {

  private final EntityManager em;

  EntityManagerHighWaterMark(EntityManager em) {
    this.em = em;
  }

  @Override
  public boolean raise(String raise, String resource, long token, long queryTimeoutMillis) {
    if (!em.isJoinedToTransaction()) {
      throw new IllegalStateException(NO_TRANSACTION);
    }
    try {
      return !PersistenceUnitStatements.query(em, raise, resource, token)
          .setHint(Calls.QUERY_TIMEOUT_HINT, (int) queryTimeoutMillis)
          .getResultList()
          .isEmpty();
    } catch (RuntimeException e) {
      throw StoreFailures.translate("fence admit", e);
    }
  }

  @Override
  public void markRollbackOnly() {
    EntityTransaction local;
    try {
      local = em.getTransaction();
    } catch (IllegalStateException jta) {
      CurrentJtaTransaction.markRollbackOnly();
      return;
    }
    if (local.isActive()) {
      local.setRollbackOnly();
    }
  }
}
