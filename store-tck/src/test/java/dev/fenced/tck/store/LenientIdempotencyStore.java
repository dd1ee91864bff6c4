package dev.fenced.tck.store;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;

/**
 * Two other bugs the contract must catch, in a store that is otherwise right (each method is
 * atomic): it takes any ttl (a huge one overflows its expiry into the past, as a store that writes
 * before a failing expiry keeps a record forever), and it encodes keys leniently, so a lone
 * surrogate becomes {@code '?'} and two keys meet.
 */
final class LenientIdempotencyStore implements IdempotencyStore {

  private final NaiveIdempotencyStore records = new NaiveIdempotencyStore(false);

  @Override
  public synchronized AcquireResult acquire(
      String key, String owner, String fingerprint, long lockTtlMillis) {
    return records.acquire(Keys.withSurrogatesReplaced(key), owner, fingerprint, lockTtlMillis);
  }

  @Override
  public synchronized boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return records.complete(Keys.withSurrogatesReplaced(key), owner, payload, ttlMillis);
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    return records.release(Keys.withSurrogatesReplaced(key), owner);
  }

  @Override
  public synchronized boolean extend(String key, String owner, long lockTtlMillis) {
    return records.extend(Keys.withSurrogatesReplaced(key), owner, lockTtlMillis);
  }
}
