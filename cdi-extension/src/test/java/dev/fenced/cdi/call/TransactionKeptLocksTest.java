package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.transaction.TransactionUnitOfWork;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.locks.LockManager;
import dev.fenced.core.locks.LockSettings;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import org.junit.jupiter.api.Test;

/**
 * A transaction keeps the locks it waits to release, by key, so that a second use of a key in it
 * runs inside the first one's lock instead of finding it in the way.
 */
class TransactionKeptLocksTest {

  private final ManualTime time = new ManualTime();
  private final LockManager locks =
      new LockManager(new InMemoryLockStore(time::nanoTime), time, LockSettings.defaults());
  private final ManualTransactions transactions = new ManualTransactions();
  private final TransactionUnitOfWork unitOfWork = new TransactionUnitOfWork(transactions);

  @Test
  void a_lock_the_transaction_keeps_is_found_by_its_key_until_the_transaction_ends()
      throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    Lock lock = locks.acquireOrThrow("invoices", LockOptions.defaults());
    unitOfWork.closeAtEnd(lock);

    assertThat(unitOfWork.kept("invoices")).containsSame(lock);
    assertThat(unitOfWork.kept("exports")).isEmpty();

    transactions.end(true);
    transactions.status = Transactions.Status.NONE;
    assertThat(lock.isHeld()).as("released at the end").isFalse();
    assertThat(unitOfWork.kept("invoices")).isEmpty();
  }

  @Test
  void a_lock_closed_at_once_outside_a_transaction_is_kept_by_none() throws Exception {
    Lock lock = locks.acquireOrThrow("invoices", LockOptions.defaults());
    unitOfWork.closeAtEnd(lock);

    assertThat(lock.isHeld()).isFalse();
    assertThat(unitOfWork.kept("invoices")).isEmpty();
  }
}
