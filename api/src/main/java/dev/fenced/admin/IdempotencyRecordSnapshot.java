package dev.fenced.admin;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the store held for one live idempotency record when it was asked. Times are durations on the
 * store's clock, measured when it answered, so they do not depend on the clocks of the instances.
 *
 * @param recordKey the record key, as the store keeps it (see {@link FencedAdmin})
 * @param state where the record stands
 * @param fingerprint the request fingerprint stored with the record
 * @param owner the attempt that holds the lock; empty when {@link IdempotencyRecordState#COMPLETED}
 * @param inFlightFor how long ago the current attempt claimed the record; empty when completed, and
 *     for a record written before the store kept that time
 * @param expiresIn how long the record still lives without a renewal (a lock) or at all (an
 *     outcome)
 * @param storedOutcome the stored outcome, byte for byte as stored (sealed when encryption is on);
 *     empty unless asked for ({@link FencedAdmin#idempotencyRecordWithOutcome}) and present
 */
public record IdempotencyRecordSnapshot(
    String recordKey,
    IdempotencyRecordState state,
    String fingerprint,
    Optional<String> owner,
    Optional<Duration> inFlightFor,
    Duration expiresIn,
    Optional<byte[]> storedOutcome) {

  /**
   * Validates the components and copies the outcome.
   *
   * @param recordKey never {@code null}
   * @param state never {@code null}
   * @param fingerprint never {@code null}
   * @param owner never {@code null}
   * @param inFlightFor never {@code null}
   * @param expiresIn never {@code null}
   * @param storedOutcome never {@code null}; copied
   */
  public IdempotencyRecordSnapshot {
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(inFlightFor, "inFlightFor");
    Objects.requireNonNull(expiresIn, "expiresIn");
    storedOutcome = storedOutcome.map(byte[]::clone);
  }

  /**
   * The stored outcome, as a copy.
   *
   * @return the bytes, or empty unless asked for and present
   */
  @Override
  public Optional<byte[]> storedOutcome() {
    return storedOutcome.map(byte[]::clone);
  }

  /**
   * The same snapshot without its stored outcome.
   *
   * @return a snapshot whose {@link #storedOutcome()} is empty
   */
  public IdempotencyRecordSnapshot withoutOutcome() {
    return new IdempotencyRecordSnapshot(
        recordKey, state, fingerprint, owner, inFlightFor, expiresIn, Optional.empty());
  }

  /**
   * The instance that holds the record's lock, read from the {@link #owner()} id.
   *
   * @return the instance's name, or empty when completed or the owner names no instance
   */
  public Optional<String> instance() {
    return owner.flatMap(OwnerInstance::of);
  }
}
