package dev.fenced.idempotency;

/** What a non-HTTP duplicate does while the first execution with its key still runs. */
public enum OnConflict {
  /** Throw {@link IdempotencyException} with {@code IDEMPOTENCY_KEY_IN_USE} at once. */
  REJECT,
  /**
   * Block until the first execution finishes and return its stored outcome, bounded by the wait
   * timeout; take the key over if the first execution released it.
   */
  WAIT
}
