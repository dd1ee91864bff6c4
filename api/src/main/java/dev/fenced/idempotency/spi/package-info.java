/**
 * The idempotency store SPI: implement {@link dev.fenced.idempotency.spi.IdempotencyStore} to keep
 * records in your own store, and run the TCK's {@code IdempotencyStoreContract} against it.
 */
package dev.fenced.idempotency.spi;
