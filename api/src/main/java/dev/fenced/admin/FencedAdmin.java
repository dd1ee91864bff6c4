package dev.fenced.admin;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The operator's view of the shared state of the stores in use: an application-scoped CDI bean that
 * Fenced provides. Inject it into your own admin endpoint, protected as your application protects
 * such things; Fenced does not publish one.
 *
 * <p><b>Record keys.</b> Idempotency records are kept under their record key, not the client's
 * idempotency key: {@link #httpRecordKey} for a JAX-RS request, {@link #methodRecordKey} for an
 * {@code @Idempotent} method or an {@code Idempotency} call. Fenced's logs show a record's digest,
 * the first 12 hex digits of the SHA-256 of its record key.
 *
 * <p><b>What it guarantees.</b> Every method is one call to the store (the writes by key alone two:
 * a read, then the write conditioned on what it read), each bounded by the store's timeout, and
 * sees the state on the store's clock. Reads never return a stored outcome unless asked for ({@link
 * #idempotencyRecordWithOutcome}). The two writes, {@link #purgeIdempotencyRecord} and {@link
 * #forceReleaseLock}, are logged at WARNING and fired as CDI events ({@link
 * IdempotencyRecordPurged}, {@link LockForceReleased}); each changes only the record or lock the
 * operator saw (its owner, checked by the store as it writes), so a write sent twice never touches
 * what another attempt took in between; a force-released lock keeps its fencing token sequence, so
 * the next holder's token is higher. A store that does not implement the administration SPIs makes
 * every method throw {@link StoreAdministrationUnsupportedException}; an unreachable store throws
 * the SPI's {@code StoreUnavailableException}.
 */
public interface FencedAdmin {

  /**
   * The record key of a JAX-RS request: {@code <scope>:<key>}, each part percent-encoded.
   *
   * @param scope empty for {@code scope = GLOBAL} and for an anonymous caller, else the principal's
   *     name or the scope resolver's value
   * @param idempotencyKey the {@code Idempotency-Key} the client sent
   * @return the record key
   */
  String httpRecordKey(String scope, String idempotencyKey);

  /**
   * The record key of an {@code @Idempotent} method or an {@code Idempotency} call: {@code
   * <key>:<class>.<method>}, each part percent-encoded.
   *
   * @param key the resolved idempotency key of the call
   * @param className the fully qualified name of the declaring class (of the bean class, for the
   *     programmatic {@code Idempotency})
   * @param methodName the method's name
   * @return the record key
   */
  String methodRecordKey(String key, String className, String methodName);

  /**
   * The live record under a record key, without its stored outcome.
   *
   * @param recordKey the record key
   * @return the record, or empty when none lives
   * @throws StoreAdministrationUnsupportedException when the idempotency store cannot be inspected
   */
  Optional<IdempotencyRecordSnapshot> idempotencyRecord(String recordKey);

  /**
   * The live record under a record key, with its stored outcome as stored (sealed when encryption
   * is on). Ask for it only when you must: the outcome is your clients' data.
   *
   * @param recordKey the record key
   * @return the record, or empty when none lives
   * @throws StoreAdministrationUnsupportedException when the idempotency store cannot be inspected
   */
  Optional<IdempotencyRecordSnapshot> idempotencyRecordWithOutcome(String recordKey);

  /**
   * Deletes the live record under a record key, whatever its state, so that the next request with
   * its key runs the work. Meant for a record stuck as {@code IDEMPOTENCY_RECORD_UNREADABLE} (a
   * retired encryption key) or in flight under a hung attempt. Purging a record that is {@link
   * IdempotencyRecordState#IN_FLIGHT} or {@link IdempotencyRecordState#WORK_COMMITTED} lets the
   * work run again: do it only when you know it did not, or may.
   *
   * <p>It reads the record, then purges it only while it is still the record read (its owner, or
   * completed), as {@link #purgeIdempotencyRecord(String, String)} does: a record that changed in
   * between is left alone. Prefer that form with the owner of the record you inspected.
   *
   * @param recordKey the record key
   * @return what was purged (without its outcome), or empty when no record lived or it changed
   *     between the read and the purge
   * @throws StoreAdministrationUnsupportedException when the idempotency store cannot be changed
   */
  Optional<IdempotencyRecordSnapshot> purgeIdempotencyRecord(String recordKey);

  /**
   * Deletes the live record under a record key when it is the one you saw: held by {@code
   * expectedOwner} (in flight, or with its work committed), or completed when {@code expectedOwner}
   * is {@code null}. The store checks it in the same operation that deletes, so a purge the client
   * sends twice, or one that comes after a retry claimed the key, never deletes what another
   * attempt holds. Otherwise as {@link #purgeIdempotencyRecord(String)}.
   *
   * @param recordKey the record key
   * @param expectedOwner the {@link IdempotencyRecordSnapshot#owner()} of the record you inspected,
   *     or {@code null} for a completed record
   * @return what was purged (without its outcome), or empty when no such record lived, in which
   *     case nothing changed
   * @throws StoreAdministrationUnsupportedException when the idempotency store cannot be changed
   */
  Optional<IdempotencyRecordSnapshot> purgeIdempotencyRecord(
      String recordKey, String expectedOwner);

  /**
   * The records in flight (or with their work committed) for at least {@code age}, oldest first.
   * Records written before the store kept their claim time are listed as old. This reads the whole
   * table or key space: an operator's tool, not a request's.
   *
   * @param age the least time since the claim, zero or positive
   * @param limit the most records to return, from 1 to 1000
   * @return the records, without stored outcomes
   * @throws StoreAdministrationUnsupportedException when the idempotency store cannot be inspected
   * @throws IllegalArgumentException when {@code age} is negative or {@code limit} out of range
   */
  List<IdempotencyRecordSnapshot> inFlightOlderThan(Duration age, int limit);

  /**
   * The live lock under a key: a lock of {@code Locks}, the run lock of a
   * {@code @WithoutOverlapping} job (its key), the lease of an {@code @OnOneInstance} job (its key
   * and {@code :owner}) or an election.
   *
   * @param key the lock key
   * @return the lock, or empty when no live lock holds the key
   * @throws StoreAdministrationUnsupportedException when the lock store cannot be inspected
   */
  Optional<LockSnapshot> lock(String key);

  /**
   * Releases the live lock under a key, whoever holds it. The holder's next renewal fails and it
   * loses the lock ({@code LockLost}); until then it may still run, so fence its writes. The key's
   * fencing tokens go on from where they were.
   *
   * <p>It reads the lock, then releases it only while the owner read still holds it, as {@link
   * #forceReleaseLock(String, String)} does: a lock taken by another owner in between is left
   * alone. Prefer that form with the owner of the lock you inspected.
   *
   * @param key the lock key
   * @return what was released, or empty when no live lock held the key or its owner changed between
   *     the read and the release
   * @throws StoreAdministrationUnsupportedException when the lock store cannot be changed
   */
  Optional<LockSnapshot> forceReleaseLock(String key);

  /**
   * Releases the live lock under a key when {@code expectedOwner} holds it. The store checks the
   * owner in the same operation that releases, so a release the client sends twice, or one that
   * comes after the lock changed hands, never frees the lock of another owner. Otherwise as {@link
   * #forceReleaseLock(String)}.
   *
   * @param key the lock key
   * @param expectedOwner the {@link LockSnapshot#owner()} of the lock you inspected
   * @return what was released, or empty when {@code expectedOwner} held no live lock on the key, in
   *     which case nothing changed
   * @throws StoreAdministrationUnsupportedException when the lock store cannot be changed
   */
  Optional<LockSnapshot> forceReleaseLock(String key, String expectedOwner);

  /**
   * The current leader of an election: the live lock of its key, whose {@link
   * LockSnapshot#instance()} names the instance.
   *
   * @param electionKey the election's key ({@code @LeaderElection(key)})
   * @return the leader's lock, or empty when nobody leads now
   * @throws StoreAdministrationUnsupportedException when the lock store cannot be inspected
   */
  Optional<LockSnapshot> leader(String electionKey);
}
