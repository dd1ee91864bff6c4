package dev.fenced.tck.message.replay;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/** A message handler whose methods run once per key; each run is counted under the key. */
@ApplicationScoped
public class PaymentHandler {

  @Inject Invocations invocations;

  /**
   * Charges one payment.
   *
   * @param paymentId the key
   * @param cents the amount
   * @return the receipt of this run
   */
  @Idempotent
  public Receipt charge(@IdempotencyKey String paymentId, long cents) {
    return new Receipt(paymentId, cents, invocations.increment(paymentId));
  }

  /**
   * Charges a batch.
   *
   * @param batchId the key
   * @param amounts the amounts, in cents
   * @return one receipt per amount
   */
  @Idempotent
  public List<Receipt> chargeAll(@IdempotencyKey String batchId, List<Long> amounts) {
    int run = invocations.increment(batchId);
    return amounts.stream().map(cents -> new Receipt(batchId, cents, run)).toList();
  }

  /**
   * Sends a notification and returns nothing.
   *
   * @param messageId the key
   */
  @Idempotent
  public void notify(@IdempotencyKey String messageId) {
    invocations.increment(messageId);
  }
}
