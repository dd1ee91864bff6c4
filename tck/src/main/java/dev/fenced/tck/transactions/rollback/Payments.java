package dev.fenced.tck.transactions.rollback;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

/**
 * A transactional payment: each run writes {@code <paymentId>#<run>} to the ledger, then ends as
 * the {@link Plan} says.
 */
@ApplicationScoped
public class Payments {

  @Inject Invocations invocations;
  @Inject Ledger ledger;
  @Inject Plan plan;

  @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
  TransactionSynchronizationRegistry transactions;

  /**
   * Pays once per key.
   *
   * @param paymentId the key
   * @return the receipt of this run
   */
  @Transactional
  @Idempotent
  public Receipt pay(@IdempotencyKey String paymentId) {
    int run = invocations.increment(paymentId);
    ledger.write(paymentId + "#" + run);
    switch (plan.take(paymentId)) {
      case THROW -> throw new PaymentFailedException("payment " + run + " failed");
      case MARK_ROLLBACK_ONLY -> transactions.setRollbackOnly();
      case COMMIT -> {}
    }
    return new Receipt(paymentId, run);
  }
}
