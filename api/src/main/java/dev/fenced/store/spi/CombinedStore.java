package dev.fenced.store.spi;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import java.util.OptionalLong;

/**
 * One object that is both an {@link IdempotencyStore} and a {@link LockStore}, e.g. one CDI bean
 * that {@code fenced.idempotency.store} and {@code fenced.locks.store} both select by its name.
 *
 * <p>The two SPIs declare {@code release(String key, String owner)} with the same signature, so an
 * object implementing both has a single {@code release}. This interface says what that one method
 * does, and sends every other method to the half it belongs to:
 *
 * <ul>
 *   <li>{@code acquire(key, owner, fingerprint, lockTtlMillis)}, {@code complete} and {@code
 *       extend} call {@link #idempotencyStore()}; {@code acquire(key, owner, ttlMillis)} and {@code
 *       renew} call {@link #lockStore()}. The default methods only delegate, unchanged.
 *   <li>{@link #release} frees the owner's live idempotency lock or the owner's live lock on {@code
 *       key}, whichever it holds. Fenced draws a new random owner for every acquisition, so an
 *       owner holds a record or a lock, never both; an implementation may therefore release both in
 *       one atomic operation (one statement, one script), where the half the owner does not hold
 *       matches nothing. A completed record is never released, and a lock's release never resets
 *       its key's fencing token, as in the two SPIs.
 * </ul>
 *
 * <p>The combined object keeps every rule of both SPIs, so the TCK's {@code
 * IdempotencyStoreContract} and {@code LockStoreContract} hold for it as for its halves; {@link
 * #idempotencyStore()} and {@link #lockStore()} keep their own single-kind {@code release}.
 */
public interface CombinedStore extends IdempotencyStore, LockStore {

  /**
   * The idempotency half, which answers the idempotency methods.
   *
   * @return the store of idempotency records, the same object on every call
   */
  IdempotencyStore idempotencyStore();

  /**
   * The lock half, which answers the lock methods.
   *
   * @return the store of locks, the same object on every call
   */
  LockStore lockStore();

  @Override
  default AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    return idempotencyStore().acquire(key, owner, fingerprint, lockTtlMillis);
  }

  @Override
  default boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return idempotencyStore().complete(key, owner, payload, ttlMillis);
  }

  @Override
  default boolean extend(String key, String owner, long lockTtlMillis) {
    return idempotencyStore().extend(key, owner, lockTtlMillis);
  }

  @Override
  default OptionalLong acquire(String key, String owner, long ttlMillis) {
    return lockStore().acquire(key, owner, ttlMillis);
  }

  @Override
  default boolean renew(String key, String owner, long ttlMillis) {
    return lockStore().renew(key, owner, ttlMillis);
  }

  /**
   * Frees {@code owner}'s live idempotency lock or live lock on {@code key}, whichever it holds.
   *
   * @param key the record or lock key
   * @param owner the acquisition's owner id
   * @return {@code true} when a record's lock or a lock was freed; {@code false} when {@code owner}
   *     holds neither live on {@code key}, in which case nothing changed
   * @throws dev.fenced.store.spi.StoreUnavailableException when the store cannot be reached
   */
  @Override
  boolean release(String key, String owner);
}
