package dev.fenced.tck.idempotent.released;

/** An application failure that {@link UnavailableMapper} turns into a 503. */
public class UnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception. */
  public UnavailableException() {
    super("the TCK's downstream service is unavailable");
  }
}
