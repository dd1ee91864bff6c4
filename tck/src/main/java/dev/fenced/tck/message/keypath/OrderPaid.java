package dev.fenced.tck.message.keypath;

/**
 * An event whose {@code eventId} is the idempotency key.
 *
 * @param eventId the key, may be {@code null}
 * @param orderId the order, under which the handler counts its runs
 */
public record OrderPaid(String eventId, String orderId) {}
