package dev.fenced.tck.deployed;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A ledger that keeps an entry only when the transaction that wrote it commits: the committed work
 * the tests compare Fenced's records with. No datasource needed.
 */
@ApplicationScoped
public class Ledger {

  @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
  TransactionSynchronizationRegistry transactions;

  private final List<String> committed = new CopyOnWriteArrayList<>();

  /**
   * Writes an entry inside the current transaction.
   *
   * @param entry the entry
   * @throws IllegalStateException when no transaction is active
   */
  public void write(String entry) {
    if (transactions.getTransactionKey() == null) {
      throw new IllegalStateException("the ledger is written inside a transaction");
    }
    transactions.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            if (status == Status.STATUS_COMMITTED) {
              committed.add(entry);
            }
          }
        });
  }

  /**
   * The committed entries that start with {@code prefix}.
   *
   * @param prefix e.g. a payment id
   * @return the entries, in commit order
   */
  public List<String> committed(String prefix) {
    return committed.stream().filter(e -> e.startsWith(prefix)).toList();
  }
}
