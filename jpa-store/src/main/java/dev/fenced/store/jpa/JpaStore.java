package dev.fenced.store.jpa;

import static dev.fenced.store.jpa.PostgresStatements.keyHash;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import java.util.OptionalLong;

/**
 * Both stores as one object, for the one CDI bean named {@code jpa} ({@link JpaStoreBean}): the
 * idempotency methods go to a {@link JpaIdempotencyStore}, the lock methods to a {@link
 * JpaLockStore}, both on the same transactions.
 *
 * <p>{@code IdempotencyStore.release(key, owner)} and {@code LockStore.release(key, owner)} have
 * the same signature, so one object has one {@code release}: it runs {@link
 * PostgresStatements#RELEASE_EITHER}, one statement that releases the owner's live idempotency lock
 * and the owner's lock on the key. Fenced draws a new random owner (128 bits) for every
 * acquisition, so an owner holds either a record or a lock, never both, and the other half of the
 * statement matches nothing.
 */
final class JpaStore implements IdempotencyStore, LockStore {

  private final JpaIdempotencyStore records;
  private final JpaLockStore locks;
  private final Calls calls;

  JpaStore(StoreTransactions transactions, StoreSettings settings) {
    this.records = new JpaIdempotencyStore(transactions, settings);
    this.locks = new JpaLockStore(transactions, settings);
    this.calls = new Calls(transactions, settings);
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    return records.acquire(key, owner, fingerprint, lockTtlMillis);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return records.complete(key, owner, payload, ttlMillis);
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return records.extend(key, owner, lockTtlMillis);
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    return locks.acquire(key, owner, ttlMillis);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    return locks.renew(key, owner, ttlMillis);
  }

  /** Releases the owner's idempotency lock or lock on {@code key}, whichever it holds. */
  @Override
  public boolean release(String key, String owner) {
    String hash = keyHash(Calls.key(key));
    String checkedOwner = Calls.text("owner", owner);
    Number released =
        calls.run(
            "release",
            em ->
                (Number)
                    Calls.query(em, PostgresStatements.RELEASE_EITHER, hash, checkedOwner)
                        .getSingleResult());
    return released.longValue() > 0;
  }

  /** Deletes expired idempotency records ({@link JpaIdempotencyStore#prune(int)}). */
  int pruneRecords(int limit) {
    return records.prune(limit);
  }

  /** Deletes expired locks ({@link JpaLockStore#prune(int)}); their tokens stay in the sequence. */
  int pruneLocks(int limit) {
    return locks.prune(limit);
  }
}
