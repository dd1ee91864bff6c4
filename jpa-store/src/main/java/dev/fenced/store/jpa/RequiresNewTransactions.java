package dev.fenced.store.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.transaction.Transactional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Under JTA: runs each store call in a new JTA transaction ({@code REQUIRES_NEW}), the caller's
 * suspended meanwhile, on an application-managed entity manager joined to it; or, on a datasource,
 * outside any transaction ({@code NOT_SUPPORTED}). Internal to {@link JpaStoreBean}; public only so
 * that every CDI container can intercept it.
 */
@ApplicationScoped
public class RequiresNewTransactions {

  /** For CDI. */
  public RequiresNewTransactions() {}

  /**
   * Whether {@code factory} is a JTA unit: {@code getTransaction()} is refused by JTA entity
   * managers, the portable test. It runs with the caller's transaction suspended, as EclipseLink
   * also marks the current JTA transaction rollback-only when it refuses: the first store call
   * inside an application's transaction would otherwise roll that transaction back.
   *
   * @param factory the persistence unit
   * @return {@code true} for a JTA unit, {@code false} for a {@code RESOURCE_LOCAL} one
   */
  @Transactional(Transactional.TxType.NOT_SUPPORTED)
  public boolean isJta(EntityManagerFactory factory) {
    EntityManager em = factory.createEntityManager();
    try {
      em.getTransaction();
      return false;
    } catch (IllegalStateException e) {
      return true;
    } finally {
      em.close();
    }
  }

  /**
   * Runs {@code call} with the caller's JTA transaction, if any, suspended, and in none: a store
   * call on a datasource ({@value JpaStoreBean#DATASOURCE}) then takes a connection that no
   * transaction enlists, in auto-commit.
   *
   * @param call the store call
   * @param <T> the result type
   * @return what {@code call} returned
   */
  @Transactional(Transactional.TxType.NOT_SUPPORTED)
  public <T> T outside(Supplier<T> call) {
    return call.get();
  }

  /**
   * Runs {@code work} in a new JTA transaction, committed when it returns.
   *
   * @param factory a JTA persistence unit
   * @param work the statement(s) of one store call
   * @param <T> the result type
   * @return what {@code work} returned
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public <T> T call(EntityManagerFactory factory, Function<EntityManager, T> work) {
    EntityManager em = factory.createEntityManager();
    try {
      em.joinTransaction();
      return work.apply(em);
    } finally {
      em.close();
    }
  }
}
