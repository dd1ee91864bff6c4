package dev.fenced.tck.message.jsonb;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Issues a {@link Receipt} once per key. */
@ApplicationScoped
public class Receipts {

  @Inject Invocations invocations;

  /**
   * Issues a receipt.
   *
   * @param key the key
   * @return the receipt, numbered after the key, with the run that issued it
   */
  @Idempotent
  public Receipt issue(@IdempotencyKey String key) {
    return new Receipt("r-" + key, invocations.increment(key));
  }
}
