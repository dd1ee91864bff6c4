package dev.fenced.tck.transactions.commit;

import dev.fenced.tck.deployed.Gates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/** A transaction that stays open after the payment returned, until the test opens a gate. */
@ApplicationScoped
public class Checkout {

  @Inject Payments payments;
  @Inject Gates gates;

  /**
   * Pays inside this transaction, then holds at the gate named by the key before committing.
   *
   * @param paymentId the key and the gate
   * @return the payment's receipt
   * @throws InterruptedException when interrupted at the gate
   */
  @Transactional
  public Receipt payAndHold(String paymentId) throws InterruptedException {
    Receipt receipt = payments.pay(paymentId);
    gates.pass(paymentId);
    return receipt;
  }
}
