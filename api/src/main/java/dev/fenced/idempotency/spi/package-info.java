/**
 * The idempotency store SPI: implement {@link dev.fenced.idempotency.spi.IdempotencyStore} to keep
 * records in your own store, and run the TCK's {@code IdempotencyStoreContract} against it. Two
 * optional capabilities sit beside it: {@link dev.fenced.idempotency.spi.CompletionWithWork}
 * (outcomes recorded in the caller's transaction) and {@link
 * dev.fenced.idempotency.spi.ClaimEndSignals} (a waiting duplicate woken when a claim ends).
 */
package dev.fenced.idempotency.spi;
