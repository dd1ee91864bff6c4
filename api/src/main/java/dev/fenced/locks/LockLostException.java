package dev.fenced.locks;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import java.util.Objects;

/**
 * A guarded run lost its lock while it ran: another instance may be in the critical section now,
 * and only the fencing token keeps the two apart.
 */
public class LockLostException extends FencedException {

  private static final long serialVersionUID = 1L;

  private final String key;
  private final long fencingToken;
  private final DetectedBy detectedBy;

  /**
   * Creates an exception.
   *
   * @param key the lock key
   * @param fencingToken the token of the lost acquisition
   * @param detectedBy how the loss was noticed
   */
  public LockLostException(String key, long fencingToken, DetectedBy detectedBy) {
    super(
        ErrorCode.LOCK_LOST,
        "Lock '"
            + key
            + "' (fencing token "
            + fencingToken
            + ") was lost, detected by "
            + detectedBy
            + ". Another holder may be running: fence writes with the token.",
        null);
    this.key = Objects.requireNonNull(key, "key");
    this.fencingToken = fencingToken;
    this.detectedBy = Objects.requireNonNull(detectedBy, "detectedBy");
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
   * The fencing token of the lost acquisition.
   *
   * @return the token
   */
  public long fencingToken() {
    return fencingToken;
  }

  /**
   * How the loss was noticed.
   *
   * @return the detection
   */
  public DetectedBy detectedBy() {
    return detectedBy;
  }
}
