package dev.fenced.core.memory;

import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A {@link LockStore} in this JVM's memory, for one instance in development and for tests.
 *
 * <p>Each method decides inside one {@link ConcurrentMap#compute} on the key. Expiry is measured on
 * a monotonic clock ({@link System#nanoTime()} unless given another), so a wall clock set back or
 * forward neither revives nor expires a lock; a ttl outside 1..{@link
 * dev.fenced.store.spi.StoreLimits#MAX_TTL_MILLIS} is refused with {@link
 * IllegalArgumentException}. An expired lock is treated as absent and purged, on access and every
 * {@value InMemoryIdempotencyStore#PURGE_EVERY} writes, so memory stays bounded by the live locks.
 * Fencing tokens come from one counter shared by all keys: drawn inside the key's atomic update,
 * they increase strictly per key and survive the purge of expired locks. A store made for a server
 * ({@link #InMemoryLockStore()}) starts its counter at the wall clock in microseconds, as the Redis
 * store does after a lost counter: a restarted server's tokens are then above those of the one
 * before (which drew fewer than one token a microsecond), so a fence that remembers the highest
 * token it admitted does not refuse every write after a restart. Locks are invisible to other
 * instances: use a shared store in a cluster.
 */
public final class InMemoryLockStore implements LockStore, LockAdministration {

  private final ConcurrentMap<String, HeldLockEntry> locks = new ConcurrentHashMap<>();
  private final AtomicLong tokens;
  private final AtomicInteger writesSincePurge = new AtomicInteger();
  private final LongSupplier nanoTime;

  /**
   * Creates a store that measures expiry on {@link System#nanoTime()}, its tokens above the wall
   * clock in microseconds.
   */
  public InMemoryLockStore() {
    this(System::nanoTime, ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()));
  }

  /**
   * Creates a store that measures expiry on a monotonic clock.
   *
   * @param nanoTime monotonic time in nanoseconds, of which only differences count (a test's manual
   *     time)
   */
  public InMemoryLockStore(LongSupplier nanoTime) {
    this(nanoTime, 0);
  }

  /**
   * Creates a store that measures expiry on a monotonic clock and hands out tokens above {@code
   * lastToken}.
   *
   * @param nanoTime monotonic time in nanoseconds, of which only differences count
   * @param lastToken the first token is {@code lastToken + 1}; zero or more
   */
  public InMemoryLockStore(LongSupplier nanoTime, long lastToken) {
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    if (lastToken < 0) {
      throw new IllegalArgumentException("lastToken must be zero or more, was " + lastToken);
    }
    this.tokens = new AtomicLong(lastToken);
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    InMemoryIdempotencyStore.requireKey(key);
    Objects.requireNonNull(owner, "owner");
    InMemoryIdempotencyStore.requireTtl(ttlMillis, "ttlMillis");
    long[] token = new long[1];
    locks.compute(
        key,
        (k, existing) -> {
          long now = nanoTime.getAsLong();
          if (existing != null && !existing.expiredAt(now)) {
            return existing;
          }
          token[0] = tokens.incrementAndGet();
          return new HeldLockEntry(
              owner, token[0], InMemoryIdempotencyStore.expiry(now, ttlMillis));
        });
    afterWrite();
    return token[0] == 0 ? OptionalLong.empty() : OptionalLong.of(token[0]);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    InMemoryIdempotencyStore.requireKey(key);
    InMemoryIdempotencyStore.requireTtl(ttlMillis, "ttlMillis");
    boolean[] done = new boolean[1];
    locks.computeIfPresent(
        key,
        (k, existing) -> {
          long now = nanoTime.getAsLong();
          if (existing.expiredAt(now)) {
            return null;
          }
          if (!existing.owner().equals(owner)) {
            return existing;
          }
          done[0] = true;
          return new HeldLockEntry(
              owner, existing.token(), InMemoryIdempotencyStore.expiry(now, ttlMillis));
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
          if (existing.expiredAt(nanoTime.getAsLong())) {
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

  @Override
  public Optional<LockSnapshot> lock(String key) {
    InMemoryIdempotencyStore.requireKey(key);
    HeldLockEntry found = locks.get(key);
    long now = nanoTime.getAsLong();
    return found == null || found.expiredAt(now)
        ? Optional.empty()
        : Optional.of(found.snapshot(key, now));
  }

  @Override
  public Optional<LockSnapshot> forceRelease(String key, String expectedOwner) {
    InMemoryIdempotencyStore.requireKey(key);
    Objects.requireNonNull(expectedOwner, "expectedOwner");
    LockSnapshot[] released = new LockSnapshot[1];
    locks.computeIfPresent(
        key,
        (k, existing) -> {
          long now = nanoTime.getAsLong();
          if (existing.expiredAt(now)) {
            return null;
          }
          if (!existing.owner().equals(expectedOwner)) {
            return existing;
          }
          released[0] = existing.snapshot(key, now);
          return null;
        });
    return Optional.ofNullable(released[0]);
  }

  /**
   * Deletes every expired lock now. Tokens are unaffected.
   *
   * @return how many locks were deleted
   */
  public int purgeExpired() {
    int before = locks.size();
    long now = nanoTime.getAsLong();
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

  private record HeldLockEntry(String owner, long token, long expiresAt) {
    boolean expiredAt(long now) {
      return InMemoryIdempotencyStore.passed(expiresAt, now);
    }

    LockSnapshot snapshot(String key, long now) {
      return new LockSnapshot(key, owner, token, Duration.ofNanos(expiresAt - now));
    }
  }
}
