package dev.fenced.idempotency;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link Idempotency#executeWithMetadata} returns: the result, and whether it came from this
 * run or was replayed from the record of an earlier one.
 *
 * @param value the result: what the work returned in this run, or the stored result decoded as
 *     {@link IdempotencyOptions#resultType()}; may be {@code null}
 * @param replayed {@code true} when the work did not run and {@link #value()} is the stored result
 *     of an earlier run (or of an earlier call in the same transaction)
 * @param storedAt for a replay, when the earlier run produced its outcome, by the clock of the
 *     server that ran it ({@code Clock.systemUTC()}, at the moment the run ended and its outcome
 *     was encoded; the record may have been written a little later, once its transaction
 *     committed); empty for a run, and for a record written by a Fenced version that did not note
 *     the time
 * @param <T> the result type
 */
public record IdempotentResult<T>(T value, boolean replayed, Optional<Instant> storedAt) {

  /**
   * Validates the components.
   *
   * @param value the result, may be {@code null}
   * @param replayed whether it was replayed
   * @param storedAt never {@code null}; empty unless {@code replayed}
   */
  public IdempotentResult {
    Objects.requireNonNull(storedAt, "storedAt");
    if (!replayed && storedAt.isPresent()) {
      throw new IllegalArgumentException("only a replayed result has a storedAt");
    }
  }

  /**
   * The result of a run of the work.
   *
   * @param value what the work returned
   * @param <T> the result type
   * @return a result that was not replayed
   */
  public static <T> IdempotentResult<T> ran(T value) {
    return new IdempotentResult<>(value, false, Optional.empty());
  }

  /**
   * A replayed result.
   *
   * @param value the stored result
   * @param storedAt when it was produced, when the record tells
   * @param <T> the result type
   * @return a replayed result
   */
  public static <T> IdempotentResult<T> replayed(T value, Optional<Instant> storedAt) {
    return new IdempotentResult<>(value, true, storedAt);
  }
}
