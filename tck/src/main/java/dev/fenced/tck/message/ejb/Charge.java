package dev.fenced.tck.message.ejb;

/**
 * What the EJB returns.
 *
 * @param paymentId the key
 * @param cents the amount
 * @param run which run made it
 */
public record Charge(String paymentId, long cents, int run) {}
