package dev.fenced.tck.message.programmatic;

/**
 * The payload of programmatic work: a money transfer, with a field that does not identify it.
 *
 * @param account the account to credit
 * @param cents the amount
 * @param requestedAt when the client sent it, different on each retry
 */
public record Transfer(String account, long cents, String requestedAt) {}
