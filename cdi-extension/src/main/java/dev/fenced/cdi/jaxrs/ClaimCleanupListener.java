package dev.fenced.cdi.jaxrs;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import jakarta.servlet.annotation.WebListener;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Releases the key of a claimed request that ended without the response filter or writer
 * interceptor ending it: an exception no {@code ExceptionMapper} handled goes straight to the
 * servlet container, past every JAX-RS response filter.
 *
 * <p>A servlet listener, because JAX-RS request properties are the servlet request's attributes in
 * a servlet container (the {@code ContainerRequestContext} contract) and {@code requestDestroyed}
 * runs at the end of every request, also after an error page. An asynchronous request (a resource
 * method returning a {@code CompletionStage}, or one with a {@code @Suspended AsyncResponse}) is
 * still running when its first dispatch ends: its claim is ended when the asynchronous request
 * completes, fails or times out ({@link AbandonWhenAsyncEnds}). It needs no CDI bean registration,
 * works the same on WildFly and Open Liberty, and costs two attribute operations per request.
 * Registered by {@code @WebListener} annotation scanning of {@code WEB-INF/lib}; a {@code
 * metadata-complete} {@code web.xml} must declare it.
 *
 * <p>It marks each request it sees begin ({@link #ACTIVE}). A claimed request without the mark (the
 * listener is not registered, or the deployment is not a servlet one) has its claim ended by a
 * request-scoped fallback instead ({@link RequestClaims}), and {@link IdempotencyFeature} warns at
 * startup when no instance of this listener was created.
 */
@WebListener
public class ClaimCleanupListener implements ServletRequestListener {

  /** The request attribute marking a request this listener will see end. */
  static final String ACTIVE = ClaimCleanupListener.class.getName() + ".active";

  private static final AtomicBoolean CREATED = new AtomicBoolean();

  /** Created by the servlet container. */
  public ClaimCleanupListener() {
    CREATED.set(true);
  }

  @Override
  public void requestInitialized(ServletRequestEvent event) {
    event.getServletRequest().setAttribute(ACTIVE, Boolean.TRUE);
  }

  @Override
  public void requestDestroyed(ServletRequestEvent event) {
    ServletRequest request = event.getServletRequest();
    if (!(request.getAttribute(ClaimedRequest.PROPERTY) instanceof ClaimedRequest claimed)) {
      return;
    }
    // Undertow and Liberty end the first dispatch of an asynchronous request here, while its
    // response (a CompletionStage, a suspended AsyncResponse) is still to come: the claim lives on
    // until the asynchronous request completes, fails or times out
    if (request.isAsyncStarted() && AbandonWhenAsyncEnds.registered(request, claimed)) {
      return;
    }
    claimed.abandon();
  }

  /**
   * Whether the servlet container created this listener in this class's deployment.
   *
   * @return {@code false} when it is not registered (yet)
   */
  static boolean created() {
    return CREATED.get();
  }

  /**
   * Whether a request's {@link #ACTIVE} attribute says this listener saw it begin.
   *
   * @param marker the attribute's value, or {@code null}
   * @return whether the listener will see the request end
   */
  static boolean sawBegin(Object marker) {
    return Boolean.TRUE.equals(marker);
  }
}
