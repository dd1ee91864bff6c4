package dev.fenced.tck.store;

import dev.fenced.locks.spi.LockStore;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The classic bug the contract must catch: every method reads the lock, then writes in a second
 * step, with a store round trip in between. Otherwise it keeps every rule, tokens included.
 */
final class NaiveLockStore implements LockStore {

  private record HeldLock(String owner, long token, long expiresAtMillis) {}

  private final ConcurrentMap<String, HeldLock> locks = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, Long> lastTokens = new ConcurrentHashMap<>();
  private final boolean boundsTtl;

  /** A store that refuses ttls out of bounds, as it must. */
  NaiveLockStore() {
    this(true);
  }

  /**
   * @param boundsTtl whether ttls out of bounds are refused; {@code false} for {@link
   *     LenientLockStore}
   */
  NaiveLockStore(boolean boundsTtl) {
    this.boundsTtl = boundsTtl;
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    NaiveIdempotencyStore.requireTtl(boundsTtl, ttlMillis);
    if (read(key) != null) {
      return OptionalLong.empty();
    }
    long token = lastTokens.getOrDefault(key, 0L) + 1;
    NaiveIdempotencyStore.roundTrip();
    lastTokens.put(key, token);
    locks.put(key, new HeldLock(owner, token, now() + ttlMillis));
    return OptionalLong.of(token);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    NaiveIdempotencyStore.requireTtl(boundsTtl, ttlMillis);
    HeldLock lock = read(key);
    if (lock == null || !lock.owner().equals(owner)) {
      return false;
    }
    NaiveIdempotencyStore.roundTrip();
    locks.put(key, new HeldLock(owner, lock.token(), now() + ttlMillis));
    return true;
  }

  @Override
  public boolean release(String key, String owner) {
    HeldLock lock = read(key);
    if (lock == null || !lock.owner().equals(owner)) {
      return false;
    }
    NaiveIdempotencyStore.roundTrip();
    locks.remove(key);
    return true;
  }

  /** The live lock, or {@code null}: an expired one does not exist. */
  private HeldLock read(String key) {
    HeldLock lock = locks.get(key);
    return lock == null || lock.expiresAtMillis() <= now() ? null : lock;
  }

  private static long now() {
    return System.currentTimeMillis();
  }
}
