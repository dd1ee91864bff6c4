package dev.fenced.store.jpa;

import dev.fenced.tck.store.CompletionWithWorkContract.CallersTransaction;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.function.Function;

/**
 * For tests: store transactions whose "caller's transaction" is a resource-local one that {@link
 * #begin()} starts on the calling thread, standing in for the caller's JTA transaction in a server.
 * The store's own calls still run in new transactions. The statement {@code completeWithWork} runs
 * and its checks are the same as in a server.
 */
final class ThreadCallersTransactions implements StoreTransactions {

  private final EntityManagerFactory factory;
  private final StoreTransactions own;
  private final ThreadLocal<EntityManager> current = new ThreadLocal<>();

  ThreadCallersTransactions(EntityManagerFactory factory) {
    this.factory = factory;
    this.own = new ResourceLocalTransactions(factory);
  }

  @Override
  public <T> T inNewTransaction(Function<EntityManager, T> work) {
    return own.inNewTransaction(work);
  }

  @Override
  public <T> T inCallersTransaction(Function<EntityManager, T> work) {
    EntityManager caller = current.get();
    if (caller == null) {
      throw new IllegalStateException("test: no caller's transaction on this thread");
    }
    return work.apply(caller);
  }

  /** Begins the caller's transaction on this thread; rolled back when closed without a commit. */
  CallersTransaction begin() {
    EntityManager caller = factory.createEntityManager();
    caller.getTransaction().begin();
    current.set(caller);
    return new CallersTransaction() {
      @Override
      public void commit() {
        caller.getTransaction().commit();
      }

      @Override
      public void close() {
        current.remove();
        if (caller.getTransaction().isActive()) {
          caller.getTransaction().rollback();
        }
        caller.close();
      }
    };
  }

  /** The entity manager of the caller's transaction on this thread, for the caller's own work. */
  EntityManager caller() {
    EntityManager caller = current.get();
    if (caller == null) {
      throw new IllegalStateException("test: no caller's transaction on this thread");
    }
    return caller;
  }
}
