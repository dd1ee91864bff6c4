package dev.fenced.example.bookshelf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The {@code order.paid} consumer, deduplicated by {@code @IdempotencyKey("eventId")}. */
class ShipmentIT {

  private final BookshelfApi api = new BookshelfApi();

  @Test
  void ships_a_paid_order_once_although_its_event_is_delivered_twice() throws Exception {
    String orderId = api.createOrder();
    long shipments = api.count("admin/shipments");

    assertThat(api.pay(orderId, "smoke-" + UUID.randomUUID()).statusCode()).isEqualTo(201);

    assertThat(api.count("admin/shipments")).isEqualTo(shipments + 1);
  }
}
