package dev.fenced.idempotency.spi;

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
}
