package dev.fenced.tck.message.observer;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** Invoices each paid order once per {@code eventId}; counts {@code invoicing:<orderId>}. */
@ApplicationScoped
public class InvoicingObserver {

  @Inject Invocations invocations;

  @Idempotent
  void on(@Observes @IdempotencyKey("eventId") OrderPaid event) {
    invocations.increment("invoicing:" + event.orderId());
  }
}
