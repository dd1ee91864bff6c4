package dev.fenced.tck.message.fingerprint;

/**
 * An event a publisher may send again with a new {@code publishedAt}.
 *
 * @param eventId the key
 * @param orderId the order
 * @param cents the amount paid
 * @param publishedAt when the publisher sent it (changes on every republication)
 */
public record OrderPaid(String eventId, String orderId, long cents, String publishedAt) {}
