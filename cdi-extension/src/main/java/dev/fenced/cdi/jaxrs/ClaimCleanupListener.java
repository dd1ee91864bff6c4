package dev.fenced.cdi.jaxrs;

import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Releases the key of a claimed request that ended without the response filter or writer
 * interceptor ending it: an exception no {@code ExceptionMapper} handled goes straight to the
 * servlet container, past every JAX-RS response filter.
 *
 * <p>A servlet listener, because JAX-RS request properties are the servlet request's attributes in
 * a servlet container (the {@code ContainerRequestContext} contract) and {@code requestDestroyed}
 * runs at the end of every request, also after an error page and after an asynchronous request
 * completes. It needs no CDI bean registration, works the same on WildFly and Open Liberty, and
 * costs one attribute lookup per request. Registered by {@code @WebListener} annotation scanning of
 * {@code WEB-INF/lib}; a {@code metadata-complete} {@code web.xml} must declare it.
 */
@WebListener
public class ClaimCleanupListener implements ServletRequestListener {

  /** Created by the servlet container. */
  public ClaimCleanupListener() {}

  @Override
  public void requestDestroyed(ServletRequestEvent event) {
    if (event.getServletRequest().getAttribute(ClaimedRequest.PROPERTY)
        instanceof ClaimedRequest claimed) {
      claimed.abandon();
    }
  }
}
