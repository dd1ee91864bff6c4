package dev.fenced.tck.idempotent.aborted;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

/**
 * A request filter that runs after Fenced's (priority {@code USER + 2000}, Fenced's is {@code USER
 * + 1000}) and aborts with 403 when the request carries {@value #REFUSE_HEADER}: an authorization
 * check that refuses after the key was claimed.
 */
@Provider
@Priority(Priorities.USER + 2000)
public class RefusingFilter implements ContainerRequestFilter {

  /** The header that makes this filter refuse the request. */
  public static final String REFUSE_HEADER = "X-Tck-Refuse";

  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getHeaderString(REFUSE_HEADER) != null) {
      request.abortWith(Response.status(403).build());
    }
  }
}
