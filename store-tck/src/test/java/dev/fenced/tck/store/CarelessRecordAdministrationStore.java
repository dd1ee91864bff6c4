package dev.fenced.tck.store;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Four administration bugs the contract must catch, in a store that is otherwise right (each method
 * is atomic): an extension restarts the time in flight, a purge deletes the record whoever holds
 * it, and the listing of records in flight also lists completed records and ignores its limit.
 */
final class CarelessRecordAdministrationStore
    implements IdempotencyStore, IdempotencyRecordAdministration {

  private record RecordEntry(
      String owner,
      String fingerprint,
      byte[] payload,
      long claimedAtMillis,
      long expiresAtMillis) {

    boolean completed() {
      return payload != null;
    }

    boolean lockedBy(String candidate) {
      return !completed() && owner.equals(candidate);
    }
  }

  private final Map<String, RecordEntry> entries = new HashMap<>();
  private final LongSupplier millis;

  /**
   * @param millis the store's clock
   */
  CarelessRecordAdministrationStore(LongSupplier millis) {
    this.millis = millis;
  }

  @Override
  public synchronized AcquireResult acquire(
      String key, String owner, String fingerprint, long lockTtlMillis) {
    RecordEntry entry = live(key);
    if (entry != null) {
      return entry.completed()
          ? new AcquireResult.Completed(entry.fingerprint(), entry.payload())
          : new AcquireResult.InFlight(entry.fingerprint());
    }
    long now = millis.getAsLong();
    entries.put(key, new RecordEntry(owner, fingerprint, null, now, now + lockTtlMillis));
    return new AcquireResult.Acquired();
  }

  @Override
  public synchronized boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    RecordEntry entry = live(key);
    if (entry == null || !entry.lockedBy(owner)) {
      return false;
    }
    entries.put(
        key,
        new RecordEntry(
            null,
            entry.fingerprint(),
            payload.clone(),
            entry.claimedAtMillis(),
            millis.getAsLong() + ttlMillis));
    return true;
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    RecordEntry entry = live(key);
    if (entry == null || !entry.lockedBy(owner)) {
      return false;
    }
    entries.remove(key);
    return true;
  }

  @Override
  public synchronized boolean extend(String key, String owner, long lockTtlMillis) {
    RecordEntry entry = live(key);
    if (entry == null || !entry.lockedBy(owner)) {
      return false;
    }
    long now = millis.getAsLong();
    // the bug: the claim time restarts with every extension
    entries.put(key, new RecordEntry(owner, entry.fingerprint(), null, now, now + lockTtlMillis));
    return true;
  }

  @Override
  public synchronized Optional<IdempotencyRecordSnapshot> record(String key, boolean withOutcome) {
    return Optional.ofNullable(live(key)).map(entry -> snapshot(key, entry, withOutcome));
  }

  @Override
  public synchronized Optional<IdempotencyRecordSnapshot> purge(String key, String expectedOwner) {
    Optional<IdempotencyRecordSnapshot> purged = record(key, false); // the bug: whatever its owner
    purged.ifPresent(record -> entries.remove(key));
    return purged;
  }

  @Override
  public synchronized List<IdempotencyRecordSnapshot> inFlight(long minAgeMillis, int limit) {
    StoreLimits.requireListing(minAgeMillis, limit);
    long now = millis.getAsLong();
    // the bugs: completed records are listed too, and the limit is ignored
    return entries.entrySet().stream()
        .filter(e -> e.getValue().expiresAtMillis() > now)
        .filter(e -> now - e.getValue().claimedAtMillis() >= minAgeMillis)
        .sorted(Comparator.comparingLong(e -> e.getValue().claimedAtMillis()))
        .map(e -> snapshot(e.getKey(), e.getValue(), false))
        .toList();
  }

  private RecordEntry live(String key) {
    RecordEntry entry = entries.get(key);
    return entry == null || entry.expiresAtMillis() <= millis.getAsLong() ? null : entry;
  }

  private IdempotencyRecordSnapshot snapshot(String key, RecordEntry entry, boolean withOutcome) {
    long now = millis.getAsLong();
    boolean completed = entry.completed();
    return new IdempotencyRecordSnapshot(
        key,
        completed ? IdempotencyRecordState.COMPLETED : IdempotencyRecordState.IN_FLIGHT,
        entry.fingerprint(),
        Optional.ofNullable(entry.owner()),
        completed
            ? Optional.empty()
            : Optional.of(Duration.ofMillis(now - entry.claimedAtMillis())),
        Duration.ofMillis(entry.expiresAtMillis() - now),
        withOutcome && completed ? Optional.of(entry.payload()) : Optional.empty());
  }
}
