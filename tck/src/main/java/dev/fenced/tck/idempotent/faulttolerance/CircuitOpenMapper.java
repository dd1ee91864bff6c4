package dev.fenced.tck.idempotent.faulttolerance;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

/**
 * The application's answer to an open circuit: 429 with {@code Retry-After}, a status below 500
 * that the default storage policy would keep, although the method never ran.
 */
@Provider
public class CircuitOpenMapper implements ExceptionMapper<CircuitBreakerOpenException> {

  @Override
  public Response toResponse(CircuitBreakerOpenException e) {
    return Response.status(429).header("Retry-After", "1").entity("circuit open").build();
  }
}
