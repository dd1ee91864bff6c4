package dev.fenced.tck.message.replay;

/**
 * What a payment handler returns.
 *
 * @param paymentId the payment
 * @param cents the amount
 * @param run which run of the handler made it
 */
public record Receipt(String paymentId, long cents, int run) {}
