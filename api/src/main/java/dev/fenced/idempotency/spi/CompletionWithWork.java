package dev.fenced.idempotency.spi;

import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;

/**
 * What an {@link IdempotencyStore} offers when it can record an outcome <b>inside the caller's own
 * transaction</b>, so that the record and the guarded method's work commit or roll back together:
 * the capability behind {@code fenced.idempotency.commit=with-work}. A crash after that commit
 * leaves a completed record, never a claim that expires and lets a retry run the work again.
 *
 * <p>The store bean that {@code fenced.idempotency.store} selects implements this interface next to
 * {@link IdempotencyStore}; Fenced checks its bean types at deployment and fails the deployment
 * naming the option when it is missing. The JPA store implements it on a JTA persistence unit. A
 * store that keeps its records somewhere the caller's transaction cannot reach (Redis, memory) does
 * not.
 *
 * <p>Rules an implementation keeps, on top of {@link IdempotencyStore}'s (the TCK's {@code
 * CompletionWithWorkContract} checks them):
 *
 * <ul>
 *   <li>The write is <b>one statement of the transaction active on the calling thread</b>; nothing
 *       is committed here. It becomes visible when that transaction commits and is gone when it
 *       rolls back: the record is then in flight under {@code owner}, as before the call.
 *   <li>The statement checks, as {@link IdempotencyStore#complete} does, that {@code owner} holds a
 *       live lock on {@code key}, on the store's clock. From then until the transaction ends the
 *       record is locked by it, so no other owner can take the record over in between.
 *   <li>It is bounded by the store's query timeout, and never changes the settings of the caller's
 *       transaction.
 * </ul>
 *
 * <p><b>Commit marks.</b> Where the outcome is not known before the commit (an HTTP response whose
 * body is written after the resource method's transaction ends), {@link #markCommitted} writes a
 * mark instead, in the same way: the record stays in flight under {@code owner}, but once the mark
 * commits the record is the owner's until the mark expires, whatever becomes of the lock:
 *
 * <ul>
 *   <li>{@link IdempotencyStore#acquire} never takes a marked record over. While the owner's lock
 *       lives it reports {@link AcquireResult.InFlight}; once the lock expired, {@link
 *       AcquireResult.Committed}.
 *   <li>{@link IdempotencyStore#complete} and {@link IdempotencyStore#extend} by the owner succeed
 *       on a marked record even after its lock expired (a thawed owner records its outcome, or
 *       shows it is alive again); {@code complete} clears the mark.
 *   <li>{@link IdempotencyStore#release} by the owner keeps a marked record and only expires its
 *       lock (returning {@code true}): the work committed, so a retry must get {@link
 *       AcquireResult.Committed}, never run it again.
 *   <li>Pruning keeps a record while its mark lives.
 * </ul>
 */
public interface CompletionWithWork {

  /**
   * Turns {@code owner}'s live lock into a completed record holding {@code payload} for {@code
   * ttlMillis}, in the transaction active on the calling thread.
   *
   * @param key the record key
   * @param owner the attempt that acquired the lock
   * @param payload the outcome to replay, stored byte for byte (copied)
   * @param ttlMillis how long the completed record lives after the commit, in milliseconds,
   *     positive
   * @return {@code true} when written (visible once the caller's transaction commits); {@code
   *     false} when {@code owner} holds no live lock on {@code key}, in which case nothing changed
   *     and the caller must roll its transaction back: another attempt may be running the work
   * @throws StoreUnavailableException when the store cannot be reached or the statement fails (the
   *     caller's transaction can then only roll back)
   * @throws IllegalStateException when no transaction is active on the calling thread, or the store
   *     cannot join it
   * @throws IllegalArgumentException when the ttl is not between 1 and {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   */
  boolean completeWithWork(String key, String owner, byte[] payload, long ttlMillis);

  /**
   * Marks {@code owner}'s live lock on {@code key} as committed with the work, in the transaction
   * active on the calling thread, and renews the lock for {@code lockTtlMillis} in the same
   * statement. Once the caller's transaction commits, the record is not taken over until {@code
   * ttlMillis} after the mark, even when the owner dies before it records the outcome; after a
   * rollback the record is in flight under {@code owner}, as before.
   *
   * @param key the record key
   * @param owner the attempt that acquired the lock
   * @param ttlMillis how long the mark protects the record, in milliseconds, positive (the record's
   *     ttl)
   * @param lockTtlMillis the lock's new lifetime from now, in milliseconds, positive
   * @return {@code true} when written (effective once the caller's transaction commits); {@code
   *     false} when {@code owner} holds no live lock on {@code key}, in which case nothing changed
   *     and the caller must roll its transaction back
   * @throws StoreUnavailableException when the store cannot be reached or the statement fails
   * @throws IllegalStateException when no transaction is active on the calling thread, or the store
   *     cannot join it
   * @throws IllegalArgumentException when a ttl is not between 1 and {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   */
  boolean markCommitted(String key, String owner, long ttlMillis, long lockTtlMillis);
}
