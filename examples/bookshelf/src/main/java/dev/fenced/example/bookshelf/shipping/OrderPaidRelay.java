package dev.fenced.example.bookshelf.shipping;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes {@code order.paid} as a CDI event, standing in for a broker that delivers at least
 * once: each event is delivered {@code bookshelf.events.deliveries} times (2 by default), as a
 * broker does after a lost acknowledgement. The consumer must ship once anyway.
 */
@ApplicationScoped
public class OrderPaidRelay {

  @Inject Event<OrderPaid> events;

  @Inject
  @ConfigProperty(name = "bookshelf.events.deliveries", defaultValue = "2")
  int deliveries;

  /**
   * Delivers the event.
   *
   * @param event the event
   */
  public void publish(OrderPaid event) {
    for (int delivery = 0; delivery < deliveries; delivery++) {
      events.fire(event);
    }
  }
}
