package dev.fenced.example.bookshelf.shipping;

/**
 * The {@code order.paid} event.
 *
 * @param eventId unique per event; a redelivery carries the same id
 * @param orderId the paid order
 */
public record OrderPaid(String eventId, String orderId) {}
