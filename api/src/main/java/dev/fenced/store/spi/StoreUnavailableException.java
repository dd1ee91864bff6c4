package dev.fenced.store.spi;

/**
 * The store could not be reached or did not answer in time, so nothing is known about the key.
 *
 * <p>Stores throw it for connection, timeout and server-side failures. The engines then <b>fail
 * closed</b>: the guarded work does not run (an HTTP caller gets 503). Lock stores throw it too.
 */
public class StoreUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message which store and what failed
   */
  public StoreUnavailableException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a cause.
   *
   * @param message which store and what failed
   * @param cause the client's failure
   */
  public StoreUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
