package dev.fenced.cdi.jaxrs;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletRequest;
import java.lang.System.Logger.Level;

/**
 * Ends the claim of an asynchronous request when the request ends: after its response was written
 * (by then the response filter and writer interceptor recorded or released it, and this does
 * nothing), or when it failed or timed out without a response Fenced saw.
 */
final class AbandonWhenAsyncEnds implements AsyncListener {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final ClaimedRequest claimed;

  private AbandonWhenAsyncEnds(ClaimedRequest claimed) {
    this.claimed = claimed;
  }

  /**
   * Registers the listener on the asynchronous request.
   *
   * @param request a request whose asynchronous processing started
   * @param claimed its claim
   * @return {@code false} when the container refused the listener: the caller ends the claim now
   */
  static boolean registered(ServletRequest request, ClaimedRequest claimed) {
    try {
      request.getAsyncContext().addListener(new AbandonWhenAsyncEnds(claimed));
      return true;
    } catch (IllegalStateException e) {
      LOG.log(
          Level.WARNING,
          "The asynchronous request to "
              + claimed.target()
              + " cannot be followed to its end, so its idempotency key was released when its"
              + " first dispatch ended: a repeat may run the method again",
          e);
      return false;
    }
  }

  @Override
  public void onComplete(AsyncEvent event) {
    claimed.abandon();
  }

  @Override
  public void onTimeout(AsyncEvent event) {
    // the container answers next (JAX-RS: 503 through the response filters), then completes
  }

  @Override
  public void onError(AsyncEvent event) {
    claimed.abandon();
  }

  @Override
  public void onStartAsync(AsyncEvent event) {
    event.getAsyncContext().addListener(this);
  }
}
