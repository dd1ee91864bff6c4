package dev.fenced.locks;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import java.util.Objects;

/**
 * The lock store could not be reached or did not answer in time, so the lock was not taken and the
 * work it guards did not run: Fenced fails closed. Thrown by {@link Locks} where the store failed
 * while taking a lock; a lock already held is renewed, and lost at its deadline if the store stays
 * away ({@link LockLost}).
 */
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
