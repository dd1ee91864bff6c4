package dev.fenced.core.metrics;

import java.util.Objects;
import java.util.Optional;

/**
 * One call to a store.
 *
 * @param store the selected store's name ({@code jpa}, {@code redis}, {@code memory}, ...)
 * @param operation what was called
 * @param answer what the store answered
 * @param nanos how long the call took, on the monotonic clock
 * @param failure the class name of what the call threw; empty unless {@code answer} is {@link
 *     Answer#FAILED}
 */
public record StoreCall(
    String store, StoreOperation operation, Answer answer, long nanos, Optional<String> failure) {

  /** What a store call answered. */
  public enum Answer {
    /**
     * It did what was asked: a key claimed ({@code AcquireResult.Acquired}), a lock acquired, an
     * outcome written, a claim or lock renewed or released.
     */
    DONE,
    /**
     * It changed nothing because of the record's state: the key or lock is held (by another owner,
     * or completed), or the owner no longer holds it.
     */
    REFUSED,
    /** It threw: the store could not be reached or the statement failed. */
    FAILED
  }

  /** Checks the parts. */
  public StoreCall {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(answer, "answer");
    Objects.requireNonNull(failure, "failure");
  }
}
