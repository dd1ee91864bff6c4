package dev.fenced.cdi.admin;

import dev.fenced.admin.FencedAdmin;
import dev.fenced.admin.IdempotencyRecordPurged;
import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.LockForceReleased;
import dev.fenced.admin.LockSnapshot;
import dev.fenced.admin.StoreAdministrationUnsupportedException;
import dev.fenced.cdi.FencedIdempotencyRuntime;
import dev.fenced.cdi.FencedLocksRuntime;
import dev.fenced.core.LogKeys;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.store.spi.CombinedStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link FencedAdmin} on the stores the runtimes use: each method is one call to the store's
 * administration SPI, found on the store itself or, for a {@link CombinedStore}, on its half; a
 * write by key alone reads first and then writes conditioned on the owner it read. The two writes
 * are logged at WARNING (record keys as digests) and fired as events after the store answered.
 */
@ApplicationScoped
public class FencedAdministration implements FencedAdmin {

  /** The most records {@link #inFlightOlderThan} returns. */
  static final int MAX_LISTED = 1000;

  private static final System.Logger IDEMPOTENCY_LOG = System.getLogger("dev.fenced.idempotency");
  private static final System.Logger LOCKS_LOG = System.getLogger("dev.fenced.locks");

  @Inject FencedIdempotencyRuntime idempotency;
  @Inject FencedLocksRuntime locks;
  @Inject Event<Object> events;

  /** For CDI. */
  public FencedAdministration() {}

  @Override
  public String httpRecordKey(String scope, String idempotencyKey) {
    return RecordKey.http(scope, idempotencyKey).value();
  }

  @Override
  public String methodRecordKey(String key, String className, String methodName) {
    return RecordKey.method(key, className, methodName).value();
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> idempotencyRecord(String recordKey) {
    return records().record(recordKey, false);
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> idempotencyRecordWithOutcome(String recordKey) {
    return records().record(recordKey, true);
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> purgeIdempotencyRecord(String recordKey) {
    IdempotencyRecordAdministration records = records();
    return records
        .record(recordKey, false)
        .flatMap(seen -> purge(records, recordKey, seen.owner().orElse(null)));
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> purgeIdempotencyRecord(
      String recordKey, String expectedOwner) {
    return purge(records(), recordKey, expectedOwner);
  }

  private Optional<IdempotencyRecordSnapshot> purge(
      IdempotencyRecordAdministration records, String recordKey, String expectedOwner) {
    Optional<IdempotencyRecordSnapshot> purged = records.purge(recordKey, expectedOwner);
    purged.ifPresent(
        record -> {
          IDEMPOTENCY_LOG.log(
              Level.WARNING,
              "Record "
                  + LogKeys.digest(recordKey)
                  + " purged by an operator (it was "
                  + record.state()
                  + "); the next request with its key runs the work");
          events.fire(new IdempotencyRecordPurged(recordKey, record.state()));
        });
    return purged;
  }

  @Override
  public List<IdempotencyRecordSnapshot> inFlightOlderThan(Duration age, int limit) {
    Objects.requireNonNull(age, "age");
    if (age.isNegative()) {
      throw new IllegalArgumentException("age must be zero or positive, was " + age);
    }
    if (limit < 1 || limit > MAX_LISTED) {
      throw new IllegalArgumentException(
          "limit must be from 1 to " + MAX_LISTED + ", was " + limit);
    }
    return records().inFlight(age.toMillis(), limit);
  }

  @Override
  public Optional<LockSnapshot> lock(String key) {
    return lockAdministration().lock(key);
  }

  @Override
  public Optional<LockSnapshot> forceReleaseLock(String key) {
    LockAdministration locks = lockAdministration();
    return locks.lock(key).flatMap(seen -> forceRelease(locks, key, seen.owner()));
  }

  @Override
  public Optional<LockSnapshot> forceReleaseLock(String key, String expectedOwner) {
    Objects.requireNonNull(expectedOwner, "expectedOwner");
    return forceRelease(lockAdministration(), key, expectedOwner);
  }

  private Optional<LockSnapshot> forceRelease(
      LockAdministration locks, String key, String expectedOwner) {
    Optional<LockSnapshot> released = locks.forceRelease(key, expectedOwner);
    released.ifPresent(
        lock -> {
          LOCKS_LOG.log(
              Level.WARNING,
              "Lock "
                  + LogKeys.of(key)
                  + " (token "
                  + lock.fencingToken()
                  + ", owner "
                  + lock.owner()
                  + ") force-released by an operator; its holder loses it at its next renewal");
          events.fire(new LockForceReleased(key, lock.owner(), lock.fencingToken()));
        });
    return released;
  }

  @Override
  public Optional<LockSnapshot> leader(String electionKey) {
    return lock(electionKey);
  }

  private IdempotencyRecordAdministration records() {
    return administration(
        idempotency.store(),
        idempotency.storeName(),
        IdempotencyRecordAdministration.class,
        CombinedStore::idempotencyStore);
  }

  private LockAdministration lockAdministration() {
    return administration(
        locks.store(), locks.storeName(), LockAdministration.class, CombinedStore::lockStore);
  }

  private static <T> T administration(
      Object store, String storeName, Class<T> spi, Function<CombinedStore, Object> half) {
    if (spi.isInstance(store)) {
      return spi.cast(store);
    }
    Object ofHalf = store instanceof CombinedStore combined ? half.apply(combined) : null;
    if (spi.isInstance(ofHalf)) {
      return spi.cast(ofHalf);
    }
    throw new StoreAdministrationUnsupportedException(storeName, spi);
  }
}
