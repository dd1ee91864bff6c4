package dev.fenced.idempotency.spi;

import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;

/**
 * Where idempotency records live: the state every instance shares. Vendors implement it; the TCK's
 * {@code IdempotencyStoreContract} checks every rule below.
 *
 * <p>A record is either <em>in flight</em> (an owner holds its lock until it expires) or
 * <em>completed</em> (it holds a payload until it expires). Rules every implementation keeps:
 *
 * <ul>
 *   <li>Every method decides in <b>one atomic operation</b> in the shared store (one SQL statement,
 *       one script). A read followed by a separate write lets two callers both win.
 *   <li>{@code owner} is a random id per attempt. {@link #complete}, {@link #release} and {@link
 *       #extend} change nothing unless {@code owner} still holds a <b>live</b> lock on {@code key},
 *       checked in the same operation that writes.
 *   <li>An <b>expired record does not exist</b> for any method, deleted or not; {@link #acquire}
 *       takes it over in place.
 *   <li>Owners are random per attempt, so an {@link #acquire} that finds a live claim of its own
 *       owner is the same call sent twice. A store whose client never sends a call twice (JDBC: a
 *       statement whose answer is lost fails the call) reports it {@link AcquireResult.InFlight}
 *       like any other. A store whose client may re-send a command after a lost connection though
 *       the server ran it (Jedis's Redis Cluster client) must make every method safe to run twice
 *       (a second run never undoes the first nor touches what another owner took since) and answer
 *       an acquire and a complete as the first send was answered: such an acquire of a claim in
 *       flight with the same fingerprint is {@link AcquireResult.Acquired} (its lock then lives
 *       {@code lockTtlMillis} from now), and a {@link #complete} that finds its own outcome stored
 *       is {@code true}; a re-sent {@link #release} may answer {@code false}. Otherwise a re-sent
 *       acquire meets its own claim and the key stays in use for a whole lock ttl.
 *   <li>Durations are whole milliseconds from 1 to {@link StoreLimits#MAX_TTL_MILLIS}; any other
 *       value is refused with {@link IllegalArgumentException} before anything is written. They are
 *       measured on the <b>store's clock</b>, never the caller's: expiries are computed and
 *       compared where the data lives (PostgreSQL's {@code clock_timestamp()}, Redis's {@code
 *       PEXPIRE}; for another store, one clock that every instance's calls read, such as its
 *       server's), so instances whose clocks disagree still agree on what has expired. The clock is
 *       read where the record is checked, after any wait for a lock on it, never fixed when the
 *       operation started: a stale "now" would let a call that waited behind a release judge the
 *       released lock as live.
 *   <li>The payload is opaque bytes, stored and returned byte for byte, and returned as a copy.
 *   <li>Keys are stored faithfully or refused with {@link IllegalArgumentException} before anything
 *       is written, never truncated or re-encoded: a key the store cannot hold (a lone UTF-16
 *       surrogate, a length beyond its limit) is refused, never turned into another key.
 *   <li>A store that cannot reach its data throws {@link StoreUnavailableException} from every
 *       method, and no other exception, within its own timeouts: every call is bounded in time (the
 *       TCK's {@code UnreachableIdempotencyStoreContract}).
 *   <li>A store <b>never joins the caller's transaction</b> (JTA or other): each call commits on
 *       its own before it returns, so an outcome or a release is never undone by the caller's
 *       rollback and never waits for its commit. Only {@link CompletionWithWork}'s methods join it,
 *       as they say.
 * </ul>
 *
 * <p>A store that also implements {@link CompletionWithWork} knows a third state, a record in
 * flight whose work <em>committed</em> ({@link CompletionWithWork#markCommitted}); its rules there
 * override the ones above for such records.
 */
public interface IdempotencyStore {

  /**
   * Takes the lock on {@code key} for {@code owner} if no live record exists, or reports the live
   * record that does.
   *
   * @param key the record key, 1 or more characters
   * @param owner a random id of this attempt
   * @param fingerprint the request fingerprint, stored with the record and reported to later
   *     callers
   * @param lockTtlMillis how long the lock lives without {@link #extend}, in milliseconds, positive
   * @return {@link AcquireResult.Acquired} when {@code owner} now holds the lock; {@link
   *     AcquireResult.InFlight} when another live lock holds it; {@link AcquireResult.Completed}
   *     when a live completed record exists
   * @throws StoreUnavailableException when the store cannot be reached
   * @throws IllegalArgumentException when the ttl is not between 1 and {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   */
  AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis);

  /**
   * Turns {@code owner}'s live lock into a completed record holding {@code payload} for {@code
   * ttlMillis}.
   *
   * @param key the record key
   * @param owner the attempt that acquired the lock
   * @param payload the outcome to replay, stored byte for byte (copied)
   * @param ttlMillis how long the completed record lives, in milliseconds, positive
   * @return {@code true} when stored; {@code false} when {@code owner} holds no live lock on {@code
   *     key} (it expired, or another owner took it over), in which case nothing changed
   * @throws StoreUnavailableException when the store cannot be reached
   * @throws IllegalArgumentException when the ttl is not between 1 and {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   */
  boolean complete(String key, String owner, byte[] payload, long ttlMillis);

  /**
   * Deletes {@code owner}'s live lock so a retry can run.
   *
   * @param key the record key
   * @param owner the attempt that acquired the lock
   * @return {@code true} when deleted; {@code false} when {@code owner} holds no live lock on
   *     {@code key}, in which case nothing changed (a completed record is never released)
   * @throws StoreUnavailableException when the store cannot be reached
   */
  boolean release(String key, String owner);

  /**
   * Moves the expiry of {@code owner}'s live lock to {@code lockTtlMillis} from now (a heartbeat).
   *
   * @param key the record key
   * @param owner the attempt that acquired the lock
   * @param lockTtlMillis the new lifetime from now, in milliseconds, positive
   * @return {@code true} when extended; {@code false} when {@code owner} holds no live lock on
   *     {@code key}, in which case nothing changed
   * @throws StoreUnavailableException when the store cannot be reached
   * @throws IllegalArgumentException when the ttl is not between 1 and {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   */
  boolean extend(String key, String owner, long lockTtlMillis);
}
