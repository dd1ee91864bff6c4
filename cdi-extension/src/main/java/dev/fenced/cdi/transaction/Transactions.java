package dev.fenced.cdi.transaction;

import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The caller's transaction, the one seam every Fenced path waits on: in a server, JTA's {@code
 * TransactionSynchronizationRegistry} ({@link JtaTransactions}); in plain Java, none. The
 * interceptors' calls wait on it through {@code call.CallRunner}, the HTTP filters through {@link
 * #whenDone}, and job and {@code Locks} runs through {@link TransactionUnitOfWork}, core's {@code
 * UnitOfWork}.
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

  /**
   * The state of the transaction on the calling thread, as every Fenced path classifies it (the
   * HTTP filters as well): work done now belongs to no transaction ({@link #NONE}), to one whose
   * end must be awaited before anything is recorded or released ({@link #ACTIVE}), or to one that
   * can only roll back ({@link #ROLLBACK_ONLY}).
   */
  enum Status {
    /** No transaction, or one that has already committed: nothing waits. */
    NONE,
    /**
     * A transaction that may still commit, or whose state is not known: its end is awaited; when
     * that cannot be arranged, it is treated as rolled back.
     */
    ACTIVE,
    /** A transaction that can only roll back (marked, rolling back, rolled back). */
    ROLLBACK_ONLY;

    /**
     * Classifies a JTA status ({@code jakarta.transaction.Status}). Only "no transaction" and
     * "committed" mean that nothing waits; a state Fenced does not know, or {@code STATUS_UNKNOWN},
     * is awaited rather than taken for "no transaction", so that an outcome is never recorded, nor
     * a lock released, before work that may still commit has committed.
     *
     * @param jtaStatus a {@code jakarta.transaction.Status} constant, or any other value
     * @return the classification
     */
    public static Status ofJta(int jtaStatus) {
      return switch (jtaStatus) {
        case jakarta.transaction.Status.STATUS_NO_TRANSACTION,
            jakarta.transaction.Status.STATUS_COMMITTED ->
            NONE;
        case jakarta.transaction.Status.STATUS_MARKED_ROLLBACK,
            jakarta.transaction.Status.STATUS_ROLLING_BACK,
            jakarta.transaction.Status.STATUS_ROLLEDBACK ->
            ROLLBACK_ONLY;
        default -> ACTIVE;
      };
    }
  }

  /**
   * The state of the current transaction.
   *
   * @return the state
   */
  Status status();

  /**
   * Calls {@code committed} once the current transaction ends: with {@code true} after it
   * committed, {@code false} after it rolled back. The callback may run on another thread and must
   * not use the transaction.
   *
   * @param committed told how the transaction ended
   * @throws IllegalStateException when no transaction is active, or the transaction no longer takes
   *     synchronizations (it can only roll back, or is ending)
   */
  void afterCompletion(Consumer<Boolean> committed);

  /**
   * Marks the current transaction so that it can only roll back: its work must not commit.
   *
   * @throws IllegalStateException when no transaction is active
   */
  default void setRollbackOnly() {
    throw new IllegalStateException("no transaction is active");
  }

  /**
   * What the current transaction keeps under {@code key}: made by {@code create} at the first
   * request in the transaction, the same object at every later one in it, gone with the
   * transaction. Fenced keeps there what the transaction's guarded calls did, so that a key's
   * second use in one transaction sees its first.
   *
   * @param key the resource's key, compared with {@code equals}
   * @param create makes the resource
   * @param <T> the resource's type
   * @return the resource
   * @throws IllegalStateException when no transaction is active
   */
  default <T> T resource(Object key, Supplier<T> create) {
    throw new IllegalStateException("no transaction is active");
  }

  /**
   * Calls {@code action} with {@code true} when the work it records is committed: now when no
   * transaction waits ({@link Status#NONE}), else after the transaction completes, with whether it
   * committed. A transaction that no longer takes synchronizations (it can only roll back, or is
   * ending) is heard at once as rolled back: nothing it did may be recorded as done.
   *
   * <p>A resource method's own transaction (EJB container-managed, {@code @Transactional}) has
   * ended by the time the HTTP response filters run, so there this usually runs at once; a
   * transaction begun around the whole request is awaited.
   *
   * @param action records the outcome ({@code true}) or releases the key ({@code false}); what it
   *     throws after completion is logged
   */
  default void whenDone(Consumer<Boolean> action) {
    Objects.requireNonNull(action, "action");
    Status status = status();
    if (status == Status.NONE) {
      action.accept(true);
      return;
    }
    try {
      afterCompletion(action);
    } catch (RuntimeException e) {
      System.getLogger("dev.fenced.idempotency")
          .log(
              Level.DEBUG,
              "Could not wait for the transaction (" + status + "); releasing the key now",
              e);
      action.accept(false);
    }
  }
}
