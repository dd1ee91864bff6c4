package dev.fenced.tck.transactions.rollback;

/**
 * What a payment returns.
 *
 * @param paymentId the key
 * @param run which run made it
 */
public record Receipt(String paymentId, int run) {}
