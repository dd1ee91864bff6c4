package dev.fenced.example.bookshelf.orders;

import dev.fenced.example.bookshelf.BookshelfProblem;
import dev.fenced.example.bookshelf.payments.PaymentProvider;
import dev.fenced.example.bookshelf.shipping.OrderPaid;
import dev.fenced.example.bookshelf.shipping.OrderPaidRelay;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response.Status;
import java.math.BigDecimal;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The orders of this instance, kept in memory (a real shop keeps them in its database; the demo
 * keeps only Fenced's state in a shared store).
 */
@ApplicationScoped
public class Orders {

  @Inject Catalog catalog;
  @Inject PaymentProvider provider;
  @Inject OrderPaidRelay relay;

  private final Map<String, Order> orders = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();

  /**
   * Creates an order.
   *
   * @param order the lines
   * @return the new order
   * @throws BookshelfProblem 400 when there are no lines, a quantity is below 1, or a book is
   *     unknown
   */
  public OrderView create(NewOrder order) {
    if (order == null || order.items() == null || order.items().isEmpty()) {
      throw new BookshelfProblem(
          Status.BAD_REQUEST,
          "ORDER_EMPTY",
          "Empty order",
          "Send at least one item: {\"items\": [{\"bookId\": \"b1\", \"quantity\": 1}]}.");
    }
    BigDecimal total = BigDecimal.ZERO;
    for (OrderItem item : order.items()) {
      if (item.quantity() < 1) {
        throw new BookshelfProblem(
            Status.BAD_REQUEST,
            "INVALID_QUANTITY",
            "Invalid quantity",
            "The quantity of " + item.bookId() + " is " + item.quantity() + ": order 1 or more.");
      }
      total = total.add(catalog.price(item.bookId()).multiply(BigDecimal.valueOf(item.quantity())));
    }
    Order created = new Order(String.valueOf(ids.incrementAndGet()), total);
    orders.put(created.id(), created);
    return created.view();
  }

  /**
   * Charges the order once and announces {@code order.paid}.
   *
   * @param orderId the order
   * @param payment how to pay
   * @return the receipt
   * @throws BookshelfProblem 404 for an unknown order, 400 without a payment method, 409 when the
   *     order is paid already
   */
  public Receipt pay(String orderId, PaymentRequest payment) {
    Order order = find(orderId);
    if (payment == null || payment.paymentMethod() == null || payment.paymentMethod().isBlank()) {
      throw new BookshelfProblem(
          Status.BAD_REQUEST,
          "PAYMENT_METHOD_REQUIRED",
          "Payment method required",
          "Send the payment method: {\"paymentMethod\": \"card\"}.");
    }
    Receipt receipt = order.pay(payment.paymentMethod(), provider);
    relay.publish(new OrderPaid(UUID.randomUUID().toString(), orderId));
    return receipt;
  }

  /**
   * The receipt of a paid order.
   *
   * @param orderId the order
   * @return the receipt
   * @throws BookshelfProblem 404 for an unknown or unpaid order
   */
  public Receipt receipt(String orderId) {
    return find(orderId)
        .receipt()
        .orElseThrow(
            () ->
                new BookshelfProblem(
                    Status.NOT_FOUND,
                    "ORDER_NOT_PAID",
                    "Order not paid",
                    "Order " + orderId + " has no receipt yet: pay it first."));
  }

  private Order find(String orderId) {
    Order order = orders.get(orderId);
    if (order == null) {
      throw new BookshelfProblem(
          Status.NOT_FOUND,
          "ORDER_NOT_FOUND",
          "Order not found",
          "This instance has no order " + orderId + ": create one with POST /api/orders.");
    }
    return order;
  }
}
