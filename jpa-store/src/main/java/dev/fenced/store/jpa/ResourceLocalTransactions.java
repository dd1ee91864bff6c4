package dev.fenced.store.jpa;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import java.util.Objects;
import java.util.function.Function;

/** Java SE: a new entity manager and a resource-local {@link EntityTransaction} per call. */
final class ResourceLocalTransactions implements StoreTransactions {

  private final EntityManagerFactory factory;

  ResourceLocalTransactions(EntityManagerFactory factory) {
    this.factory = Objects.requireNonNull(factory, "factory");
  }

  EntityManagerFactory factory() {
    return factory;
  }

  @Override
  public <T> T inNewTransaction(Function<EntityManager, T> work) {
    EntityManager em = factory.createEntityManager();
    try {
      EntityTransaction tx = resourceLocal(em);
      tx.begin();
      try {
        T result = work.apply(em);
        tx.commit();
        return result;
      } catch (RuntimeException | Error e) {
        rollbackQuietly(tx, e);
        throw e;
      }
    } finally {
      em.close();
    }
  }

  private static EntityTransaction resourceLocal(EntityManager em) {
    try {
      return em.getTransaction();
    } catch (IllegalStateException e) {
      throw new IllegalStateException(
          "the persistence unit uses JTA transactions; construct the Fenced JPA stores with a"
              + " RESOURCE_LOCAL unit in Java SE, or select them in a server with"
              + " fenced.idempotency.store=jpa / fenced.locks.store=jpa",
          e);
    }
  }

  private static void rollbackQuietly(EntityTransaction tx, Throwable failure) {
    try {
      if (tx.isActive()) {
        tx.rollback();
      }
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
