package dev.fenced.tck.message.ejb;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;

/** A stateless session bean (container-managed transactions) whose methods run once per key. */
@Stateless
public class ChargeBean {

  @Inject Invocations invocations;
  @Inject Gates gates;

  /**
   * Charges a payment.
   *
   * @param paymentId the key
   * @param cents the amount
   * @return the charge of this run
   */
  @Idempotent
  public Charge charge(@IdempotencyKey String paymentId, long cents) {
    return new Charge(paymentId, cents, invocations.increment(paymentId));
  }

  /**
   * Charges a batch.
   *
   * @param batchId the key
   * @param amounts the amounts
   * @return one charge per amount
   */
  @Idempotent
  public List<Charge> chargeAll(@IdempotencyKey String batchId, List<Long> amounts) {
    int run = invocations.increment(batchId);
    return amounts.stream().map(cents -> new Charge(batchId, cents, run)).toList();
  }

  /**
   * Charges after holding at the gate named by the key.
   *
   * @param paymentId the key, the gate and the counter
   * @return the run number
   * @throws InterruptedException when interrupted at the gate
   */
  @Idempotent
  public int chargeSlowly(@IdempotencyKey String paymentId) throws InterruptedException {
    int run = invocations.increment(paymentId);
    gates.pass(paymentId);
    return run;
  }

  /**
   * Fails on the first run of a key.
   *
   * @param paymentId the key
   * @return the run number
   */
  @Idempotent
  public int chargeAfterOneFailure(@IdempotencyKey String paymentId) {
    int run = invocations.increment(paymentId);
    if (run == 1) {
      throw new PaymentDeclinedException("declined on run " + run);
    }
    return run;
  }
}
