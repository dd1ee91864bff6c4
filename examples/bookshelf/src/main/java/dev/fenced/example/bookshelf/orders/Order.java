package dev.fenced.example.bookshelf.orders;

import dev.fenced.example.bookshelf.BookshelfProblem;
import dev.fenced.example.bookshelf.payments.PaymentProvider;
import jakarta.ws.rs.core.Response.Status;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * An order of this instance. Paying it is serialised on the order, so two payments with different
 * idempotency keys (two clicks, two tabs) charge once: the second one finds it paid.
 */
public final class Order {

  private final String id;
  private final BigDecimal total;
  private Receipt receipt;

  Order(String id, BigDecimal total) {
    this.id = id;
    this.total = total;
  }

  String id() {
    return id;
  }

  synchronized Receipt pay(String paymentMethod, PaymentProvider provider) {
    if (receipt != null) {
      throw new BookshelfProblem(
          Status.CONFLICT,
          "ORDER_ALREADY_PAID",
          "Order already paid",
          "Order "
              + id
              + " was paid at "
              + receipt.paidAt()
              + " (receipt "
              + receipt.receiptId()
              + "); it is not charged again.");
    }
    provider.charge(total, paymentMethod);
    receipt = new Receipt(id, UUID.randomUUID().toString(), total, Instant.now());
    return receipt;
  }

  synchronized Optional<Receipt> receipt() {
    return Optional.ofNullable(receipt);
  }

  synchronized OrderView view() {
    return new OrderView(id, total, receipt == null ? OrderStatus.NEW : OrderStatus.PAID);
  }
}
