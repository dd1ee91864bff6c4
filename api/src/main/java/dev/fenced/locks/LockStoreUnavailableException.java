package dev.fenced.locks;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import jakarta.ejb.ApplicationException;
import java.util.Objects;

/**
 * The lock store could not be reached or did not answer in time, so the lock was not taken and the
 * work it guards did not run: Fenced fails closed. Thrown by {@link Locks} where the store failed
 * while taking a lock; a lock already held is renewed, and lost at its deadline if the store stays
 * away ({@link LockLost}).
 *
 * <p>It is an EJB application exception that does <em>not</em> roll the transaction back: the
 * guarded work did not run, so, as for {@link LockNotAcquiredException}, an EJB's caller gets it
 * unwrapped and decides whether its transaction still commits (call {@code setRollbackOnly()} to
 * have a message redelivered).
 *
 * <p>The annotation only matters to an EJB container; where the EJB API is absent at run time the
 * JVM ignores it, so applications without EJBs are unaffected.
 */
@ApplicationException(rollback = false, inherited = true)
public class LockStoreUnavailableException extends FencedException {

  private static final long serialVersionUID = 1L;

  private final String key;

  /**
   * Creates an exception.
   *
   * @param key the lock key
   * @param cause the store's failure
   */
  public LockStoreUnavailableException(String key, Throwable cause) {
    super(
        ErrorCode.LOCK_STORE_UNAVAILABLE,
        "The lock store could not be reached, so lock '"
            + key
            + "' was not taken and the work it guards did not run; retry later",
        cause);
    this.key = Objects.requireNonNull(key, "key");
  }

  /**
   * The lock key.
   *
   * @return the key
   */
  public String key() {
    return key;
  }
}
