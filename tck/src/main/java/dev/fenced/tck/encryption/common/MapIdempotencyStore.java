package dev.fenced.tck.encryption.common;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.util.HashMap;
import java.util.Map;

/**
 * A plain map store for the cell without a store provider (the in-memory cell), where Fenced's own
 * in-memory store is not a bean the test could reach. Every method decides under one lock; time is
 * {@link System#nanoTime()}. Public only so a deployment can list it.
 */
public final class MapIdempotencyStore implements IdempotencyStore {

  private final Map<String, Entry> entries = new HashMap<>();

  @Override
  public synchronized AcquireResult acquire(
      String key, String owner, String fingerprint, long lockTtlMillis) {
    Entry entry = live(key);
    if (entry == null) {
      entries.put(key, new Entry(owner, fingerprint, null, deadline(lockTtlMillis)));
      return new AcquireResult.Acquired();
    }
    return entry.payload == null
        ? new AcquireResult.InFlight(entry.fingerprint)
        : new AcquireResult.Completed(entry.fingerprint, entry.payload);
  }

  @Override
  public synchronized boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    Entry entry = live(key);
    if (entry == null || entry.payload != null || !entry.owner.equals(owner)) {
      return false;
    }
    entries.put(key, new Entry(owner, entry.fingerprint, payload.clone(), deadline(ttlMillis)));
    return true;
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    Entry entry = live(key);
    if (entry == null || entry.payload != null || !entry.owner.equals(owner)) {
      return false;
    }
    entries.remove(key);
    return true;
  }

  @Override
  public synchronized boolean extend(String key, String owner, long lockTtlMillis) {
    Entry entry = live(key);
    if (entry == null || entry.payload != null || !entry.owner.equals(owner)) {
      return false;
    }
    entries.put(key, new Entry(owner, entry.fingerprint, null, deadline(lockTtlMillis)));
    return true;
  }

  private Entry live(String key) {
    Entry entry = entries.get(key);
    if (entry != null && System.nanoTime() - entry.expiresAtNanos >= 0) {
      entries.remove(key);
      return null;
    }
    return entry;
  }

  private static long deadline(long millis) {
    return System.nanoTime() + millis * 1_000_000L;
  }

  private record Entry(String owner, String fingerprint, byte[] payload, long expiresAtNanos) {}
}
