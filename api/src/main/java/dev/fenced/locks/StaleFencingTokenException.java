package dev.fenced.locks;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import jakarta.ejb.ApplicationException;
import java.util.Objects;

/**
 * A {@link Fence} refused a write: its fencing token is lower than one the resource already
 * admitted, so a newer holder of the lock has written since. The writer is a paused or cut-off
 * holder that lost its lock; it must stop.
 *
 * <p>It is an EJB application exception that rolls the transaction back: an EJB's caller gets it
 * unwrapped, and neither the stale write nor anything else of that transaction commits. Being
 * unchecked, it also rolls back a CDI {@code @Transactional} method's transaction.
 *
 * <p>The annotation only matters to an EJB container; where the EJB API is absent at run time the
 * JVM ignores it, so applications without EJBs are unaffected.
 */
@ApplicationException(rollback = true, inherited = true)
public class StaleFencingTokenException extends FencedException {

  private static final long serialVersionUID = 1L;

  private final String resource;
  private final long fencingToken;

  /**
   * Creates an exception.
   *
   * @param resource the protected resource
   * @param fencingToken the refused token
   */
  public StaleFencingTokenException(String resource, long fencingToken) {
    super(
        ErrorCode.FENCING_TOKEN_STALE,
        "Fencing token "
            + fencingToken
            + " is stale for resource '"
            + resource
            + "': a newer holder of its lock has written. The transaction rolls back; stop this"
            + " run, the lock was lost.",
        null);
    this.resource = Objects.requireNonNull(resource, "resource");
    this.fencingToken = fencingToken;
  }

  /**
   * The protected resource.
   *
   * @return its name
   */
  public String resource() {
    return resource;
  }

  /**
   * The refused fencing token.
   *
   * @return the token
   */
  public long fencingToken() {
    return fencingToken;
  }
}
