package dev.fenced.tck.transactions.samekey;

import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.transactions.commit.Payments;
import dev.fenced.tck.transactions.commit.Receipt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;

/** Work of one transaction that meets a key twice. */
@ApplicationScoped
public class Batch {

  @Inject Payments payments;
  @Inject Export export;
  @Inject Locks locks;
  @Inject Invocations invocations;

  /**
   * Pays every key of a batch in one transaction, a duplicate included.
   *
   * @param paymentIds the keys, in order
   * @return each payment's receipt, in order
   */
  @Transactional
  public List<Receipt> payAll(List<String> paymentIds) {
    List<Receipt> receipts = new ArrayList<>();
    for (String paymentId : paymentIds) {
      receipts.add(payments.pay(paymentId));
    }
    return receipts;
  }

  /** Runs the export job twice in one transaction. */
  @Transactional
  public void exportTwice() {
    export.run();
    export.run();
  }

  /**
   * Counts {@code tag} twice, each under a lock on {@code key}, in one transaction.
   *
   * @param key the lock key
   * @param tag the counter
   * @throws Exception what {@code withLock} threw
   */
  @Transactional
  public void lockTwice(String key, String tag) throws Exception {
    LockOptions options = LockOptions.defaults();
    locks.withLock(key, () -> invocations.increment(tag), options);
    locks.withLock(key, () -> invocations.increment(tag), options);
  }
}
