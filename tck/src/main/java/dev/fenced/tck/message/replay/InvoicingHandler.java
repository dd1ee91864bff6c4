package dev.fenced.tck.message.replay;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** One of two handlers of the same message: counts {@code invoicing:<eventId>}. */
@ApplicationScoped
public class InvoicingHandler {

  @Inject Invocations invocations;

  /**
   * Invoices an order.
   *
   * @param eventId the key
   * @return the run number
   */
  @Idempotent
  public int handle(@IdempotencyKey String eventId) {
    return invocations.increment("invoicing:" + eventId);
  }
}
