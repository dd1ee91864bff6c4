package dev.fenced.cdi.transaction;

import dev.fenced.core.jobs.UnitOfWork;
import dev.fenced.locks.Lock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The caller's transaction as the unit of work whose end releases a run lock: a lock taken inside a
 * transaction that may still commit is released after it completes, committed or rolled back. No
 * transaction, or one that can only roll back, releases it at once; so does a transaction that
 * refuses the synchronization (the caller closes the lock when this returns {@code false}). The
 * transaction keeps the locks it waits to release ({@link #kept}), so that a second run or {@code
 * withLock} on a key in one transaction runs inside the first one's lock instead of finding it in
 * the way.
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

  /** The key the kept locks are under in every transaction. */
  private static final Object KEPT_LOCKS = TransactionUnitOfWork.class.getName() + ".locks";

  @Override
  public boolean keepUntilEnd(Lock lock, Runnable close) {
    boolean deferred = runAtEnd(close);
    if (deferred) {
      keptLocks().put(lock.key(), lock);
    }
    return deferred;
  }

  @Override
  public Optional<Lock> kept(String key) {
    if (transactions.status() != Transactions.Status.ACTIVE) {
      return Optional.empty();
    }
    return Optional.ofNullable(keptLocks().get(key)).filter(Lock::isHeld);
  }

  private Map<String, Lock> keptLocks() {
    return transactions.resource(KEPT_LOCKS, ConcurrentHashMap::new);
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
