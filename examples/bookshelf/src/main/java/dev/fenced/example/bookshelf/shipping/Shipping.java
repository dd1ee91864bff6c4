package dev.fenced.example.bookshelf.shipping;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * The {@code order.paid} consumer. {@code @Idempotent} with the event's id as the key: a
 * redelivered event finds its record and does not ship again.
 */
@ApplicationScoped
public class Shipping {

  private static final Logger LOG = Logger.getLogger(Shipping.class.getName());

  private final AtomicLong shipments = new AtomicLong();

  @Idempotent
  void ship(@Observes @IdempotencyKey("eventId") OrderPaid event) {
    shipments.incrementAndGet();
    LOG.info(() -> "Shipping order " + event.orderId());
  }

  /**
   * The shipments made since the application started.
   *
   * @return the count
   */
  public long shipments() {
    return shipments.get();
  }
}
