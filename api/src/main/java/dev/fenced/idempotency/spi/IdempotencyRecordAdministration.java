package dev.fenced.idempotency.spi;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.List;
import java.util.Optional;

/**
 * Optional: an {@link IdempotencyStore} that also implements this lets an operator inspect and
 * purge its records through {@code FencedAdmin}. The TCK's {@code
 * IdempotencyRecordAdministrationContract} checks the rules below.
 *
 * <ul>
 *   <li>Each method is one atomic operation in the store (one statement, one script), except that
 *       {@link #inFlight} may read the records in several steps; each record it returns was live
 *       and matched when read.
 *   <li>An expired record does not exist here either.
 *   <li>Durations in a snapshot are measured on the store's clock when it answered; a snapshot's
 *       {@code inFlightFor} is the time since the record's current owner took it.
 *   <li>{@link #purge} deletes the live record the operator saw, and no other: a record in flight
 *       (or whose work committed) only while the owner the operator saw holds it, a completed one
 *       only while it is completed, checked in the same operation that writes, so a call sent twice
 *       (a client that re-sends a command whose reply it lost) never deletes a claim that another
 *       attempt took in between. An owner's later {@code complete}, {@code extend} or {@code
 *       release} then finds nothing and returns {@code false}.
 *   <li>An unreachable store throws {@link StoreUnavailableException}.
 * </ul>
 */
public interface IdempotencyRecordAdministration {

  /**
   * The live record under {@code key}.
   *
   * @param key the record key
   * @param withOutcome whether to return the stored payload of a completed record
   * @return the record, or empty when none lives
   * @throws StoreUnavailableException when the store cannot be reached
   */
  Optional<IdempotencyRecordSnapshot> record(String key, boolean withOutcome);

  /**
   * Deletes the live record under {@code key} when it is the one the operator saw: held by {@code
   * expectedOwner}, or completed when {@code expectedOwner} is {@code null}.
   *
   * @param key the record key
   * @param expectedOwner the owner of the record as {@link #record} showed it ({@link
   *     IdempotencyRecordSnapshot#owner()}), or {@code null} for a completed record, which has none
   *     and is matched by its state alone
   * @return the record as it was (without its payload), or empty when no such record lived (none
   *     did, another owner holds it, or it is in flight where a completed one was expected, or the
   *     reverse), in which case nothing changed
   * @throws StoreUnavailableException when the store cannot be reached
   */
  Optional<IdempotencyRecordSnapshot> purge(String key, String expectedOwner);

  /**
   * Live records that are not completed and were claimed at least {@code minAgeMillis} ago, oldest
   * first; a record whose claim time the store does not know counts as oldest.
   *
   * @param minAgeMillis zero or more
   * @param limit the most records to return, 1 or more
   * @return the records, without payloads
   * @throws StoreUnavailableException when the store cannot be reached
   * @throws IllegalArgumentException when {@code minAgeMillis} is negative or {@code limit} is not
   *     positive
   */
  List<IdempotencyRecordSnapshot> inFlight(long minAgeMillis, int limit);
}
