package dev.fenced.cdi.call;

import java.util.function.Consumer;

/**
 * The caller's transaction, as far as recording an outcome needs it: in a server, JTA's {@code
 * TransactionSynchronizationRegistry}; in plain Java, none.
 */
public interface Transactions {

  /** No transaction ever: outcomes are recorded when the call returns. */
  Transactions NONE =
      new Transactions() {
        @Override
        public Status status() {
          return Status.NONE;
        }

        @Override
        public void afterCompletion(Consumer<Boolean> committed) {
          throw new IllegalStateException("no transaction is active");
        }
      };

  /** The state of the transaction on the calling thread. */
  enum Status {
    /** No transaction (or one in a state where nothing can be registered any more). */
    NONE,
    /** An active transaction that may still commit. */
    ACTIVE,
    /** A transaction that can only roll back. */
    ROLLBACK_ONLY
  }

  /**
   * The state of the current transaction.
   *
   * @return the state
   */
  Status status();

  /**
   * Calls {@code committed} once the current {@link Status#ACTIVE} transaction ends: with {@code
   * true} after it committed, {@code false} after it rolled back. The callback may run on another
   * thread and must not use the transaction.
   *
   * @param committed told how the transaction ended
   * @throws IllegalStateException when no transaction is active
   */
  void afterCompletion(Consumer<Boolean> committed);
}
