package dev.fenced.locks;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import java.time.Duration;
import java.util.Objects;

/**
 * Another holder kept the lock for the whole wait. Contention is not the caller's mistake: decide
 * what it means (an HTTP endpoint might answer 409 and let the client retry).
 */
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
