package dev.fenced.tck.message.fingerprint;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;

/**
 * Handlers whose fingerprint leaves {@code publishedAt} out: an event as a record, and the same
 * event as the JSON text of a JMS message (keyed by its {@code eventId} property).
 */
@ApplicationScoped
public class OrderEvents {

  @Inject Invocations invocations;

  /**
   * Ships a paid order.
   *
   * @param event the event
   * @return the run that shipped it
   */
  @Idempotent(ignoredFields = "/publishedAt")
  public String onOrderPaid(@IdempotencyKey("eventId") OrderPaid event) {
    return "shipped " + event.orderId() + " in run " + invocations.increment(event.eventId());
  }

  /**
   * Ships a paid order from a JMS message.
   *
   * @param message a text message holding the event as JSON, with an {@code eventId} property
   * @return the run that shipped it
   * @throws JMSException when the message cannot be read
   */
  @Idempotent(ignoredFields = "/publishedAt")
  public String onOrderPaidMessage(@IdempotencyKey("eventId") TextMessage message)
      throws JMSException {
    String eventId = message.getStringProperty("eventId");
    return "shipped " + eventId + " in run " + invocations.increment(eventId);
  }
}
