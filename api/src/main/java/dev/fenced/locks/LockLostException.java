package dev.fenced.locks;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import jakarta.ejb.ApplicationException;
import java.util.Objects;

/**
 * A guarded run lost its lock while it ran: another instance may be in the critical section now,
 * and only the fencing token keeps the two apart.
 *
 * <p>It is an EJB application exception that rolls the transaction back: the work done under the
 * lost lock must not commit beside another holder's, so an EJB's caller gets it unwrapped and its
 * transaction is marked rollback-only. Being unchecked, it also rolls back the transaction of a CDI
 * {@code @Transactional} method.
 *
 * <p>The annotation only matters to an EJB container; where the EJB API is absent at run time the
 * JVM ignores it, so applications without EJBs are unaffected.
 */
@ApplicationException(rollback = true, inherited = true)
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
