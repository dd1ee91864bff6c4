package dev.fenced.tck.message.keypath;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Ships an order once per {@code eventId}, counting runs under the order id. */
@ApplicationScoped
public class ShipmentHandler {

  @Inject Invocations invocations;

  /**
   * Ships the order of an event.
   *
   * @param event the event; its {@code eventId} is the key
   * @return the shipment number of this run
   */
  @Idempotent
  public String ship(@IdempotencyKey("eventId") OrderPaid event) {
    return "shipment-" + event.orderId() + "-" + invocations.increment(event.orderId());
  }
}
