package dev.fenced.locks.spi;

/**
 * Where locks live: the state every instance shares. Vendors implement it; the TCK's {@code
 * LockStoreContract} checks every rule below.
 *
 * <ul>
 *   <li>Every method decides in <b>one atomic operation</b> in the shared store.
 *   <li>{@code owner} is a random id per acquisition; {@link #renew} and {@link #release} change
 *       nothing unless {@code owner} holds a <b>live</b> lock on {@code key}, checked in the same
 *       operation that writes.
 *   <li>An <b>expired lock does not exist</b>; {@link #acquire} takes it over.
 *   <li>{@link #acquire} is <b>not re-entrant</b>: a holder keeps its lock with {@link #renew}.
 *       Owners are random per acquisition, so an acquire that finds a live lock of its own owner is
 *       the same call sent twice. A store whose client never sends a call twice (JDBC: a statement
 *       whose answer is lost fails the call) refuses it like any other. A store whose client may
 *       re-send a command after a lost connection though the server ran it (Jedis's Redis Cluster
 *       client) must answer it as the first send was answered: the token the lock holds, with the
 *       expiry set to {@code ttlMillis} from now. No store draws a new token for it. Every other
 *       method of such a store must be safe to run twice too (a re-sent {@link #release} may answer
 *       {@code false}).
 *   <li>Durations are whole milliseconds from 1 to {@link
 *       dev.fenced.store.spi.StoreLimits#MAX_TTL_MILLIS}; any other value is refused with {@link
 *       IllegalArgumentException} before anything is written. They are measured on the <b>store's
 *       clock</b>, never the caller's, as {@link dev.fenced.idempotency.spi.IdempotencyStore}
 *       explains (read where the lock is checked, after any wait for it).
 *   <li>Fencing tokens are positive and strictly increasing per key across acquisitions, never
 *       reused and never reset by release or expiry.
 *   <li>Keys are stored faithfully or refused with {@link IllegalArgumentException} before anything
 *       is written, never truncated or re-encoded.
 *   <li>A store that cannot reach its data throws {@link
 *       dev.fenced.store.spi.StoreUnavailableException} from every method, and no other exception,
 *       within its own timeouts (the TCK's {@code UnreachableLockStoreContract}).
 *   <li>A store never joins the caller's transaction: each call commits on its own before it
 *       returns, so a lock is held or released whatever the caller's transaction does.
 * </ul>
 */
public interface LockStore {

  /**
   * The fencing token (&gt; every token this key had before) when acquired, empty when a live lock
   * holds the key (see the class's rules for one held by {@code owner} itself: a call sent twice).
   *
   * @param key the lock key, 1 or more characters
   * @param owner a random id of this acquisition
   * @param ttlMillis how long the lock lives without {@link #renew}, in milliseconds, positive
   * @return the new fencing token, or empty when another live lock holds the key
   * @throws dev.fenced.store.spi.StoreUnavailableException when the store cannot be reached
   * @throws IllegalArgumentException when the ttl is not between 1 and {@link
   *     dev.fenced.store.spi.StoreLimits#MAX_TTL_MILLIS}
   */
  java.util.OptionalLong acquire(String key, String owner, long ttlMillis);

  /**
   * Moves the expiry of {@code owner}'s live lock to {@code ttlMillis} from now (a heartbeat).
   *
   * @param key the lock key
   * @param owner the acquisition's owner id
   * @param ttlMillis the new lifetime from now, in milliseconds, positive
   * @return {@code true} when renewed; {@code false} when {@code owner} holds no live lock on
   *     {@code key}, in which case nothing changed
   * @throws dev.fenced.store.spi.StoreUnavailableException when the store cannot be reached
   * @throws IllegalArgumentException when the ttl is not between 1 and {@link
   *     dev.fenced.store.spi.StoreLimits#MAX_TTL_MILLIS}
   */
  boolean renew(String key, String owner, long ttlMillis);

  /**
   * Frees {@code owner}'s live lock. Never resets the key's token.
   *
   * @param key the lock key
   * @param owner the acquisition's owner id
   * @return {@code true} when released; {@code false} when {@code owner} holds no live lock on
   *     {@code key}, in which case nothing changed
   * @throws dev.fenced.store.spi.StoreUnavailableException when the store cannot be reached
   */
  boolean release(String key, String owner); // never resets the key's token
}
