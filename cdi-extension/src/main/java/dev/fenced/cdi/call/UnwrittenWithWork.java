package dev.fenced.cdi.call;

import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Completion;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.idempotency.IdempotencyException;
import java.lang.System.Logger.Level;

/**
 * How a call ends whose outcome or commit mark could not be written with its work ({@code
 * fenced.idempotency.commit=with-work}): its transaction is marked rollback-only, so the work never
 * commits without its record, and the call fails with {@code IDEMPOTENCY_LOCK_LOST} or {@code
 * IDEMPOTENCY_STORE_UNAVAILABLE}. What {@link CallRunner} and the JAX-RS commit mark share.
 */
public final class UnwrittenWithWork {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private UnwrittenWithWork() {}

  /**
   * Marks the active transaction rollback-only and gives the error to throw.
   *
   * @param transactions the call's transaction
   * @param target the call as logs name it
   * @param completion what the write found, not {@link Completion#STORED}
   * @return the exception the caller throws
   */
  public static IdempotencyException rollBack(
      Transactions transactions, String target, Completion completion) {
    try {
      transactions.setRollbackOnly();
    } catch (RuntimeException e) {
      // the exception returned below still rolls the transaction back on its way out
      LOG.log(Level.WARNING, "Could not mark the transaction of " + target + " rollback-only", e);
    }
    return IdempotencyEngine.notWrittenWithWork(completion);
  }
}
