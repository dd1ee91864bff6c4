package dev.fenced.store.jpa;

import jakarta.persistence.EntityManager;
import java.util.function.Function;

/**
 * Runs one store call in a transaction of its own, never the caller's: a write the store commits
 * survives the caller's rollback, and the caller's open transaction never holds a row the store's
 * next statement would wait for. The one exception is {@link #inCallersTransaction}, the write of
 * an outcome that must commit with the caller's work ({@code fenced.idempotency.commit=with-work}).
 */
interface StoreTransactions {

  /**
   * Runs {@code work} in a new transaction on a new entity manager and commits it.
   *
   * @param work the statement(s) of one store call
   * @return what {@code work} returned
   */
  <T> T inNewTransaction(Function<EntityManager, T> work);

  /**
   * Runs {@code work} on a new entity manager joined to the transaction active on the calling
   * thread, and commits nothing: what it writes commits or rolls back with the caller's work.
   *
   * @param work one statement
   * @return what {@code work} returned
   * @throws IllegalStateException when these transactions cannot join the caller's (a {@code
   *     RESOURCE_LOCAL} unit), or no transaction is active
   */
  default <T> T inCallersTransaction(Function<EntityManager, T> work) {
    throw new IllegalStateException(
        "recording an outcome with the work (fenced.idempotency.commit=with-work) needs a JTA"
            + " persistence unit in a server; this one is RESOURCE_LOCAL");
  }
}
