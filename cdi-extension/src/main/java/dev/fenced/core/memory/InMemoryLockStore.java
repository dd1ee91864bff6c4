package dev.fenced.core.memory;

import dev.fenced.locks.spi.LockStore;
import java.time.Clock;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link LockStore} in this JVM's memory, for one instance in development and for tests.
 *
 * <p>Each method decides inside one {@link ConcurrentMap#compute} on the key. Expiry is measured on
 * the given {@link Clock}; an expired lock is treated as absent and purged, on access and every
 * {@value InMemoryIdempotencyStore#PURGE_EVERY} writes, so memory stays bounded by the live locks.
 * Fencing tokens come from one counter shared by all keys: drawn inside the key's atomic update,
 * they increase strictly per key and survive the purge of expired locks. Locks are invisible to
 * other instances: use a shared store in a cluster.
 */
public final class InMemoryLockStore implements LockStore {

  private final ConcurrentMap<String, HeldLockEntry> locks = new ConcurrentHashMap<>();
  private final AtomicLong tokens = new AtomicLong();
  private final AtomicInteger writesSincePurge = new AtomicInteger();
  private final Clock clock;

  /** Creates a store that measures expiry on the system clock. */
  public InMemoryLockStore() {
    this(Clock.systemUTC());
  }

  /**
   * Creates a store that measures expiry on {@code clock}.
   *
   * @param clock the store's clock
   */
  public InMemoryLockStore(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    InMemoryIdempotencyStore.requireKey(key);
    Objects.requireNonNull(owner, "owner");
    InMemoryIdempotencyStore.requirePositive(ttlMillis, "ttlMillis");
    long[] token = new long[1];
    locks.compute(
        key,
        (k, existing) -> {
          long now = clock.millis();
          if (existing != null && !existing.expiredAt(now)) {
            return existing;
          }
          token[0] = tokens.incrementAndGet();
          return new HeldLockEntry(owner, token[0], now + ttlMillis);
        });
    afterWrite();
    return token[0] == 0 ? OptionalLong.empty() : OptionalLong.of(token[0]);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    InMemoryIdempotencyStore.requireKey(key);
    InMemoryIdempotencyStore.requirePositive(ttlMillis, "ttlMillis");
    boolean[] done = new boolean[1];
    locks.computeIfPresent(
        key,
        (k, existing) -> {
          long now = clock.millis();
          if (existing.expiredAt(now)) {
            return null;
          }
          if (!existing.owner().equals(owner)) {
            return existing;
          }
          done[0] = true;
          return new HeldLockEntry(owner, existing.token(), now + ttlMillis);
        });
    return done[0];
  }

  @Override
  public boolean release(String key, String owner) {
    InMemoryIdempotencyStore.requireKey(key);
    boolean[] done = new boolean[1];
    locks.computeIfPresent(
        key,
        (k, existing) -> {
          if (existing.expiredAt(clock.millis())) {
            return null;
          }
          if (!existing.owner().equals(owner)) {
            return existing;
          }
          done[0] = true;
          return null;
        });
    return done[0];
  }

  /**
   * Deletes every expired lock now. Tokens are unaffected.
   *
   * @return how many locks were deleted
   */
  public int purgeExpired() {
    int before = locks.size();
    long now = clock.millis();
    locks.values().removeIf(l -> l.expiredAt(now));
    return Math.max(0, before - locks.size());
  }

  /**
   * How many locks the map holds, expired ones not yet purged included.
   *
   * @return the number of entries in memory
   */
  public int size() {
    return locks.size();
  }

  private void afterWrite() {
    if (writesSincePurge.incrementAndGet() >= InMemoryIdempotencyStore.PURGE_EVERY) {
      writesSincePurge.set(0);
      purgeExpired();
    }
  }

  private record HeldLockEntry(String owner, long token, long expiresAtMillis) {
    boolean expiredAt(long nowMillis) {
      return expiresAtMillis <= nowMillis;
    }
  }
}
