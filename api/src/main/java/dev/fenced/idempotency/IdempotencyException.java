package dev.fenced.idempotency;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import jakarta.ejb.ApplicationException;

/**
 * An idempotent call could not run or replay: the key is in use, reused, missing or invalid, the
 * record is unreadable, or the store is unreachable. The guarded method has not run, except for
 * {@code IDEMPOTENCY_OUTCOME_NOT_STORABLE}, where it ran and its outcome could not be stored (the
 * key was released).
 *
 * <p>It is an EJB application exception that rolls the transaction back: an EJB's caller gets it
 * unwrapped, and a message-driven bean's transaction rolls back, so the broker redelivers the
 * message later. One rule covers every code: with {@code fenced.idempotency.commit=with-work} the
 * claim belongs to the transaction, and a caller must not commit as if the call had taken place.
 *
 * <p>The annotation only matters to an EJB container; where the EJB API is absent at run time the
 * JVM ignores it, so applications without EJBs are unaffected.
 */
@ApplicationException(rollback = true, inherited = true)
public class IdempotencyException extends FencedException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param code one of the {@code IDEMPOTENCY_*} codes
   * @param message what happened and what to do about it
   */
  public IdempotencyException(ErrorCode code, String message) {
    super(code, message, null);
  }

  /**
   * Creates an exception with a cause.
   *
   * @param code one of the {@code IDEMPOTENCY_*} codes
   * @param message what happened and what to do about it
   * @param cause the underlying failure
   */
  public IdempotencyException(ErrorCode code, String message, Throwable cause) {
    super(code, message, cause);
  }
}
