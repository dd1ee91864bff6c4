package dev.fenced.tck.message.storedexception;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/** A CDI bean that stores {@link RefundRefused}, a checked exception. */
@ApplicationScoped
public class Refunds {

  @Inject Invocations invocations;

  /**
   * Asks the bank, which refuses.
   *
   * @param key the key
   * @return never
   * @throws RefundRefused always, naming the run
   */
  @Transactional
  @Idempotent(storeOn = RefundRefused.class)
  public String refund(@IdempotencyKey String key) throws RefundRefused {
    throw new RefundRefused("refused in run " + invocations.increment(key));
  }
}
