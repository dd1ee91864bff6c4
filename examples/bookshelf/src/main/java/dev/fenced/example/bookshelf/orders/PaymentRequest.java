package dev.fenced.example.bookshelf.orders;

/**
 * The body of {@code POST /api/orders/{id}/pay}: {@code {"paymentMethod": "card"}}.
 *
 * @param paymentMethod how to pay, e.g. {@code card}
 */
public record PaymentRequest(String paymentMethod) {}
