package dev.fenced.cdi.transaction;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.ArrayList;
import java.util.List;

/** A transaction synchronization registry with a status the test sets and ends by hand. */
public final class FakeTransactions implements TransactionSynchronizationRegistry {

  public int status = Status.STATUS_NO_TRANSACTION;
  public final List<Synchronization> synchronizations = new ArrayList<>();

  public void begin() {
    status = Status.STATUS_ACTIVE;
  }

  public void end(int finalStatus) {
    status = Status.STATUS_NO_TRANSACTION;
    List<Synchronization> registered = List.copyOf(synchronizations);
    synchronizations.clear();
    registered.forEach(s -> s.afterCompletion(finalStatus));
  }

  @Override
  public Object getTransactionKey() {
    return status == Status.STATUS_NO_TRANSACTION ? null : this;
  }

  @Override
  public void putResource(Object key, Object value) {}

  @Override
  public Object getResource(Object key) {
    return null;
  }

  @Override
  public void registerInterposedSynchronization(Synchronization sync) {
    if (status != Status.STATUS_ACTIVE) {
      throw new IllegalStateException("the transaction is not active: " + status);
    }
    synchronizations.add(sync);
  }

  @Override
  public int getTransactionStatus() {
    return status;
  }

  @Override
  public void setRollbackOnly() {
    status = Status.STATUS_MARKED_ROLLBACK;
  }

  @Override
  public boolean getRollbackOnly() {
    return status == Status.STATUS_MARKED_ROLLBACK;
  }
}
