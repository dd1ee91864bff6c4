package dev.fenced.locks;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import jakarta.ejb.ApplicationException;
import java.time.Duration;
import java.util.Objects;

/**
 * Another holder kept the lock for the whole wait. Contention is not the caller's mistake: decide
 * what it means (an HTTP endpoint might answer 409 and let the client retry).
 *
 * <p>It is an EJB application exception that does <em>not</em> roll the transaction back: the
 * guarded work never started, so an EJB's caller gets it unwrapped and its transaction can still
 * commit what it did before (catch it and carry on, as with a skipped run); call {@code
 * setRollbackOnly()} yourself if it must not, say, to have a message redelivered.
 *
 * <p>The annotation only matters to an EJB container; where the EJB API is absent at run time the
 * JVM ignores it, so applications without EJBs are unaffected.
 */
@ApplicationException(rollback = false, inherited = true)
public class LockNotAcquiredException extends FencedException {

  private static final long serialVersionUID = 1L;

  private final String key;
  private final Duration waited;

  /**
   * Creates an exception.
   *
   * @param key the lock key
   * @param waited how long the caller waited
   */
  public LockNotAcquiredException(String key, Duration waited) {
    super(
        ErrorCode.LOCK_NOT_ACQUIRED,
        "Lock '"
            + key
            + "' is held by another owner; gave up after "
            + waited.toMillis()
            + " ms. Retry later or wait longer (LockOptions.withWait).",
        null);
    this.key = Objects.requireNonNull(key, "key");
    this.waited = Objects.requireNonNull(waited, "waited");
  }

  /**
   * The lock key.
   *
   * @return the key
   */
  public String key() {
    return key;
  }

  /**
   * How long the caller waited before giving up.
   *
   * @return the wait, zero for a single try
   */
  public Duration waited() {
    return waited;
  }
}
