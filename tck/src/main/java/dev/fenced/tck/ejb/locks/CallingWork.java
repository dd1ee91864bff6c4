package dev.fenced.tck.ejb.locks;

import dev.fenced.tck.deployed.Ledger;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * An EJB that calls {@link GuardedWork} inside its own container-managed transaction, which the
 * guarded method joins: it writes {@code <key>#caller} to the ledger first, catches what the call
 * throws and reports it with whether its transaction is now marked rollback-only.
 */
@Stateless
public class CallingWork {

  @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
  TransactionSynchronizationRegistry transactions;

  @Inject GuardedWork guarded;
  @Inject Ledger ledger;

  /**
   * What the calling EJB saw.
   *
   * @param caught what the guarded call threw, or {@code null}
   * @param rollbackOnly whether the caller's transaction was marked rollback-only after it
   */
  public record Seen(Exception caught, boolean rollbackOnly) {}

  /**
   * Writes to the ledger, then calls the guarded EJB and catches what it throws.
   *
   * @param key the lock key
   * @return what the caller saw
   */
  public Seen callGuarded(String key) {
    ledger.write(key + "#caller");
    try {
      guarded.runUnder(key);
      return new Seen(null, transactions.getRollbackOnly());
    } catch (Exception e) {
      return new Seen(e, transactions.getRollbackOnly());
    }
  }
}
