package dev.fenced.cdi.call;

import dev.fenced.core.jobs.UnitOfWork;
import java.util.Objects;

/**
 * The caller's transaction as the unit of work whose end releases a run lock: a lock taken inside a
 * transaction that may still commit is released after it completes, committed or rolled back. No
 * transaction, or one that can only roll back, releases it at once; so does a transaction that
 * refuses the synchronization (the caller closes the lock when this returns {@code false}).
 */
public final class TransactionUnitOfWork implements UnitOfWork {

  private final Transactions transactions;

  /**
   * Adapts the caller's transactions.
   *
   * @param transactions the server's transactions
   */
  public TransactionUnitOfWork(Transactions transactions) {
    this.transactions = Objects.requireNonNull(transactions, "transactions");
  }

  @Override
  public boolean runAtEnd(Runnable release) {
    Objects.requireNonNull(release, "release");
    if (transactions.status() != Transactions.Status.ACTIVE) {
      return false;
    }
    transactions.afterCompletion(committed -> release.run());
    return true;
  }
}
