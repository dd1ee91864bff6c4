package dev.fenced.locks;

import java.util.Objects;

/**
 * CDI event (and {@link Lock#onLost} argument) for a lock lost while held: another holder may be in
 * the critical section now. Alert on it.
 *
 * @param key the lock key
 * @param owner the owner id of the lost acquisition
 * @param fencingToken the token of the lost acquisition
 * @param detectedBy how the loss was noticed
 */
public record LockLost(String key, String owner, long fencingToken, DetectedBy detectedBy) {

  /**
   * Validates the components.
   *
   * @param key never {@code null}
   * @param owner never {@code null}
   * @param fencingToken the token
   * @param detectedBy never {@code null}
   */
  public LockLost {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(detectedBy, "detectedBy");
  }

  /**
   * This loss as an exception, for code that cancels work with one.
   *
   * @return a new exception describing the loss
   */
  public LockLostException toException() {
    return new LockLostException(key, fencingToken, detectedBy);
  }
}
