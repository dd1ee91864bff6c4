package dev.fenced.store.jpa;

import jakarta.persistence.EntityManager;
import java.util.function.Function;

/**
 * Runs one store call in a transaction of its own, never the caller's: a write the store commits
 * survives the caller's rollback, and the caller's open transaction never holds a row the store's
 * next statement would wait for.
 */
interface StoreTransactions {

  /**
   * Runs {@code work} in a new transaction on a new entity manager and commits it.
   *
   * @param work the statement(s) of one store call
   * @return what {@code work} returned
   */
  <T> T inNewTransaction(Function<EntityManager, T> work);
}
