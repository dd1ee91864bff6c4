package dev.fenced.tck.ejb.idempotency;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;

/**
 * An {@code @Idempotent} EJB payment: it counts its runs, writes {@code <paymentId>#paid} to the
 * ledger and waits at the gate {@code <paymentId>}.
 */
@Stateless
public class Payments {

  @Inject Invocations invocations;
  @Inject Ledger ledger;
  @Inject Gates gates;

  /**
   * Pays.
   *
   * @param paymentId the key
   * @param cents the amount, part of the call's fingerprint
   * @return the run
   * @throws InterruptedException when interrupted at the gate
   */
  @Idempotent
  public int pay(@IdempotencyKey String paymentId, long cents) throws InterruptedException {
    int run = invocations.increment(paymentId);
    ledger.write(paymentId + "#paid");
    gates.pass(paymentId);
    return run;
  }
}
