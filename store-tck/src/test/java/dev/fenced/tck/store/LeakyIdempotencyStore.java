package dev.fenced.tck.store;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.io.UncheckedIOException;
import java.net.ConnectException;

/**
 * A bug the unreachable-store contract must catch: a store pointed at nothing that lets its
 * client's own exception out instead of {@code StoreUnavailableException}, so Fenced would answer
 * 500 instead of 503 and could not tell an outage from a bug.
 */
final class LeakyIdempotencyStore implements IdempotencyStore {

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    throw refused();
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    throw refused();
  }

  @Override
  public boolean release(String key, String owner) {
    throw refused();
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    throw refused();
  }

  private static UncheckedIOException refused() {
    return new UncheckedIOException(new ConnectException("Connection refused: 127.0.0.1:1"));
  }
}
