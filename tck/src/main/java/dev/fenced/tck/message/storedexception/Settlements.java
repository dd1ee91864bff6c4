package dev.fenced.tck.message.storedexception;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;

/**
 * An EJB that stores {@link CaptureFailed}: {@link #settle} writes {@code <key>#captured} to the
 * ledger in its container-managed transaction, then throws it, which rolls the transaction back.
 */
@Stateless
public class Settlements {

  @Inject Invocations invocations;
  @Inject Ledger ledger;

  /**
   * Captures, then fails.
   *
   * @param key the key
   * @return never
   */
  @Idempotent(storeOn = CaptureFailed.class)
  public String settle(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    ledger.write(key + "#captured");
    throw new CaptureFailed("captured in run " + run + ", then the ledger write failed");
  }

  /**
   * Fails with an exception it does not store on its first run, then settles.
   *
   * @param key the key
   * @return the run that settled
   */
  @Idempotent(storeOn = CaptureFailed.class)
  public String settleAfterOutage(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    if (run == 1) {
      throw new IllegalStateException("the gateway is down");
    }
    return "settled in run " + run;
  }
}
