package dev.fenced.tck.message.observer;

/**
 * A CDI event whose {@code eventId} is the idempotency key.
 *
 * @param eventId the key
 * @param orderId the order, under which the observers count their runs
 */
public record OrderPaid(String eventId, String orderId) {}
