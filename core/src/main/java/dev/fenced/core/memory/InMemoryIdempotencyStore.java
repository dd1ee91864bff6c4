package dev.fenced.core.memory;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * An {@link IdempotencyStore} in this JVM's memory, for one instance in development and for tests.
 *
 * <p>Each method decides inside one {@link ConcurrentMap#compute} on the key, so it is atomic
 * against every other call on that key. Expiry is measured on a monotonic clock ({@link
 * System#nanoTime()} unless given another), so a wall clock set back or forward neither revives nor
 * expires a record; a ttl outside 1..{@link StoreLimits#MAX_TTL_MILLIS} is refused with {@link
 * IllegalArgumentException}. An expired record is treated as absent and purged, on access and every
 * {@value #PURGE_EVERY} writes, so memory stays bounded by the live records. Payloads are copied in
 * and out. A watch ({@link ClaimEndSignals}) is woken on the thread that completes, releases or
 * purges the claim, after the write. Records are invisible to other instances and lost on restart:
 * use a shared store in a cluster.
 */
public final class InMemoryIdempotencyStore
    implements IdempotencyStore, IdempotencyRecordAdministration, ClaimEndSignals {

  static final int PURGE_EVERY = 1024;

  private final ConcurrentMap<String, IdempotencyRecord> records = new ConcurrentHashMap<>();
  private final AtomicInteger writesSincePurge = new AtomicInteger();
  private final ClaimEndWatchers watchers = new ClaimEndWatchers();
  private final LongSupplier nanoTime;

  /** Creates a store that measures expiry on {@link System#nanoTime()}. */
  public InMemoryIdempotencyStore() {
    this(System::nanoTime);
  }

  /**
   * Creates a store that measures expiry on a monotonic clock.
   *
   * @param nanoTime monotonic time in nanoseconds, of which only differences count (a test's manual
   *     time)
   */
  public InMemoryIdempotencyStore(LongSupplier nanoTime) {
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    requireKey(key);
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(fingerprint, "fingerprint");
    requireTtl(lockTtlMillis, "lockTtlMillis");
    AcquireResult[] result = new AcquireResult[1];
    records.compute(
        key,
        (k, existing) -> {
          long now = nanoTime.getAsLong();
          if (existing == null || existing.expiredAt(now)) {
            result[0] = new AcquireResult.Acquired();
            return IdempotencyRecord.inFlight(fingerprint, owner, now, expiry(now, lockTtlMillis));
          }
          result[0] = existing.toAcquireResult();
          return existing;
        });
    afterWrite();
    return result[0];
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    requireKey(key);
    Objects.requireNonNull(payload, "payload");
    requireTtl(ttlMillis, "ttlMillis");
    byte[] copy = payload.clone();
    boolean[] done = new boolean[1];
    records.computeIfPresent(
        key,
        (k, existing) -> {
          long now = nanoTime.getAsLong();
          if (existing.expiredAt(now)) {
            return null;
          }
          if (!existing.lockedBy(owner)) {
            return existing;
          }
          done[0] = true;
          return IdempotencyRecord.completed(existing.fingerprint(), copy, expiry(now, ttlMillis));
        });
    afterWrite();
    if (done[0]) {
      watchers.ended(key);
    }
    return done[0];
  }

  @Override
  public boolean release(String key, String owner) {
    requireKey(key);
    boolean[] done = new boolean[1];
    records.computeIfPresent(
        key,
        (k, existing) -> {
          if (existing.expiredAt(nanoTime.getAsLong())) {
            return null;
          }
          if (!existing.lockedBy(owner)) {
            return existing;
          }
          done[0] = true;
          return null;
        });
    if (done[0]) {
      watchers.ended(key);
    }
    return done[0];
  }

  /** Wakes a watch on the thread that completes or releases the claim, after the write. */
  @Override
  public ClaimWatch watch(String key, Runnable wakeUp) {
    requireKey(key);
    Objects.requireNonNull(wakeUp, "wakeUp");
    return watchers.watch(key, wakeUp);
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    requireKey(key);
    requireTtl(lockTtlMillis, "lockTtlMillis");
    boolean[] done = new boolean[1];
    records.computeIfPresent(
        key,
        (k, existing) -> {
          long now = nanoTime.getAsLong();
          if (existing.expiredAt(now)) {
            return null;
          }
          if (!existing.lockedBy(owner)) {
            return existing;
          }
          done[0] = true;
          return IdempotencyRecord.inFlight(
              existing.fingerprint(), owner, existing.claimedAt(), expiry(now, lockTtlMillis));
        });
    return done[0];
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> record(String key, boolean withOutcome) {
    requireKey(key);
    IdempotencyRecord found = records.get(key);
    long now = nanoTime.getAsLong();
    return found == null || found.expiredAt(now)
        ? Optional.empty()
        : Optional.of(found.snapshot(key, now, withOutcome));
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> purge(String key, String expectedOwner) {
    requireKey(key);
    IdempotencyRecordSnapshot[] purged = new IdempotencyRecordSnapshot[1];
    records.computeIfPresent(
        key,
        (k, existing) -> {
          long now = nanoTime.getAsLong();
          if (existing.expiredAt(now)) {
            return null;
          }
          if (!Objects.equals(existing.owner(), expectedOwner)) {
            return existing;
          }
          purged[0] = existing.snapshot(key, now, false);
          return null;
        });
    if (purged[0] != null) {
      watchers.ended(key);
    }
    return Optional.ofNullable(purged[0]);
  }

  @Override
  public List<IdempotencyRecordSnapshot> inFlight(long minAgeMillis, int limit) {
    StoreLimits.requireListing(minAgeMillis, limit);
    long now = nanoTime.getAsLong();
    long minAgeNanos = TimeUnit.MILLISECONDS.toNanos(minAgeMillis);
    return records.entrySet().stream()
        .filter(e -> !e.getValue().expiredAt(now) && e.getValue().payload() == null)
        .filter(e -> now - e.getValue().claimedAt() >= minAgeNanos)
        .sorted(Comparator.comparingLong(e -> e.getValue().claimedAt() - now))
        .limit(limit)
        .map(e -> e.getValue().snapshot(e.getKey(), now, false))
        .toList();
  }

  /**
   * Deletes every expired record now.
   *
   * @return how many records were deleted
   */
  public int purgeExpired() {
    int before = records.size();
    long now = nanoTime.getAsLong();
    records.values().removeIf(r -> r.expiredAt(now));
    return Math.max(0, before - records.size());
  }

  /**
   * How many records the map holds, expired ones not yet purged included.
   *
   * @return the number of entries in memory
   */
  public int size() {
    return records.size();
  }

  private void afterWrite() {
    if (writesSincePurge.incrementAndGet() >= PURGE_EVERY) {
      writesSincePurge.set(0);
      purgeExpired();
    }
  }

  static void requireKey(String key) {
    Objects.requireNonNull(key, "key");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("key must not be empty");
    }
  }

  static void requireTtl(long millis, String name) {
    if (millis < 1 || millis > StoreLimits.MAX_TTL_MILLIS) {
      throw new IllegalArgumentException(
          name + " must be between 1 and " + StoreLimits.MAX_TTL_MILLIS + ", was " + millis);
    }
  }

  /** The monotonic reading at which an entry written at {@code now} with {@code ttlMillis} ends. */
  static long expiry(long now, long ttlMillis) {
    return now + TimeUnit.MILLISECONDS.toNanos(ttlMillis);
  }

  /** Whether {@code expiresAt} has passed at {@code now}; a difference, as nanoTime may wrap. */
  static boolean passed(long expiresAt, long now) {
    return expiresAt - now <= 0;
  }

  /**
   * One record: in flight (owner set, no payload, claimed at a monotonic reading) or completed
   * (payload set, no owner).
   */
  private record IdempotencyRecord(
      String fingerprint, String owner, byte[] payload, long claimedAt, long expiresAt) {

    static IdempotencyRecord inFlight(
        String fingerprint, String owner, long claimedAt, long expiresAt) {
      return new IdempotencyRecord(fingerprint, owner, null, claimedAt, expiresAt);
    }

    static IdempotencyRecord completed(String fingerprint, byte[] payload, long expiresAt) {
      return new IdempotencyRecord(fingerprint, null, payload, 0, expiresAt);
    }

    IdempotencyRecordSnapshot snapshot(String key, long now, boolean withOutcome) {
      boolean completed = payload != null;
      return new IdempotencyRecordSnapshot(
          key,
          completed ? IdempotencyRecordState.COMPLETED : IdempotencyRecordState.IN_FLIGHT,
          fingerprint,
          Optional.ofNullable(owner),
          completed ? Optional.empty() : Optional.of(Duration.ofNanos(now - claimedAt)),
          Duration.ofNanos(expiresAt - now),
          completed && withOutcome ? Optional.of(payload) : Optional.empty());
    }

    boolean expiredAt(long now) {
      return passed(expiresAt, now);
    }

    boolean lockedBy(String candidate) {
      return payload == null && owner.equals(candidate);
    }

    AcquireResult toAcquireResult() {
      return payload == null
          ? new AcquireResult.InFlight(fingerprint)
          : new AcquireResult.Completed(fingerprint, payload);
    }
  }
}
