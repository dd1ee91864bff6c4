package dev.fenced.tck.store;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreLimits;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The classic bug the contract must catch: every method reads the record, then writes in a second
 * step, with a store round trip in between. Otherwise it keeps every rule.
 */
final class NaiveIdempotencyStore implements IdempotencyStore {

  private record IdempotencyEntry(
      String owner, String fingerprint, byte[] payload, long expiresAtMillis) {

    boolean completed() {
      return payload != null;
    }

    boolean lockedBy(String candidate) {
      return !completed() && owner.equals(candidate);
    }
  }

  private final ConcurrentMap<String, IdempotencyEntry> entries = new ConcurrentHashMap<>();
  private final boolean boundsTtl;

  /** A store that refuses ttls out of bounds, as it must. */
  NaiveIdempotencyStore() {
    this(true);
  }

  /**
   * @param boundsTtl whether ttls out of bounds are refused; {@code false} for {@link
   *     LenientIdempotencyStore}
   */
  NaiveIdempotencyStore(boolean boundsTtl) {
    this.boundsTtl = boundsTtl;
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    requireTtl(boundsTtl, lockTtlMillis);
    IdempotencyEntry entry = read(key);
    if (entry != null) {
      return entry.completed()
          ? new AcquireResult.Completed(entry.fingerprint(), entry.payload())
          : new AcquireResult.InFlight(entry.fingerprint());
    }
    roundTrip();
    entries.put(key, new IdempotencyEntry(owner, fingerprint, null, now() + lockTtlMillis));
    return new AcquireResult.Acquired();
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    requireTtl(boundsTtl, ttlMillis);
    IdempotencyEntry entry = read(key);
    if (entry == null || !entry.lockedBy(owner)) {
      return false;
    }
    roundTrip();
    entries.put(
        key, new IdempotencyEntry(null, entry.fingerprint(), payload.clone(), now() + ttlMillis));
    return true;
  }

  @Override
  public boolean release(String key, String owner) {
    IdempotencyEntry entry = read(key);
    if (entry == null || !entry.lockedBy(owner)) {
      return false;
    }
    roundTrip();
    entries.remove(key);
    return true;
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    requireTtl(boundsTtl, lockTtlMillis);
    IdempotencyEntry entry = read(key);
    if (entry == null || !entry.lockedBy(owner)) {
      return false;
    }
    roundTrip();
    entries.put(key, new IdempotencyEntry(owner, entry.fingerprint(), null, now() + lockTtlMillis));
    return true;
  }

  /** The live entry, or {@code null}: an expired one does not exist. */
  private IdempotencyEntry read(String key) {
    IdempotencyEntry entry = entries.get(key);
    return entry == null || entry.expiresAtMillis() <= now() ? null : entry;
  }

  private static long now() {
    return System.currentTimeMillis();
  }

  /** Refuses a ttl outside the bounds, when asked to, before anything is read or written. */
  static void requireTtl(boolean bounds, long millis) {
    if (bounds && (millis < 1 || millis > StoreLimits.MAX_TTL_MILLIS)) {
      throw new IllegalArgumentException("ttl out of bounds: " + millis);
    }
  }

  /** The time a second statement takes to reach the store. */
  static void roundTrip() {
    LockSupport.parkNanos(50_000);
  }
}
