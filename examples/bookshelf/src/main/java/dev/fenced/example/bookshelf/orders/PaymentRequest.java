package dev.fenced.example.bookshelf.orders;

/**
 * The body of {@code POST /api/orders/{id}/pay}, {@code {"paymentMethod": "card"}}, and the {@code
 * payment} argument of the GraphQL mutation {@code payOrder}, {@code {paymentMethod: "card"}}.
 *
 * @param paymentMethod how to pay, e.g. {@code card}
 */
public record PaymentRequest(String paymentMethod) {}
