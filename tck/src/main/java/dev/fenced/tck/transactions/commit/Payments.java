package dev.fenced.tck.transactions.commit;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/** A transactional payment: each run writes {@code <paymentId>#<run>} to the ledger. */
@ApplicationScoped
public class Payments {

  @Inject Invocations invocations;
  @Inject Ledger ledger;

  /**
   * Pays once per key, joining the caller's transaction.
   *
   * @param paymentId the key
   * @return the receipt of this run
   */
  @Transactional
  @Idempotent
  public Receipt pay(@IdempotencyKey String paymentId) {
    int run = invocations.increment(paymentId);
    ledger.write(paymentId + "#" + run);
    return new Receipt(paymentId, run);
  }
}
