package dev.fenced.tck.idempotent.representation;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;

/** Asks for a gzip body ({@code Content-Encoding: gzip}) when the request accepts gzip. */
@Provider
@Compressed
@Priority(Priorities.HEADER_DECORATOR)
public class GzipWhenAccepted implements ContainerResponseFilter {

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    String accepted = request.getHeaderString(HttpHeaders.ACCEPT_ENCODING);
    if (response.hasEntity()
        && accepted != null
        && accepted.toLowerCase(Locale.ROOT).contains("gzip")) {
      response.getHeaders().putSingle(HttpHeaders.CONTENT_ENCODING, "gzip");
    }
  }
}
