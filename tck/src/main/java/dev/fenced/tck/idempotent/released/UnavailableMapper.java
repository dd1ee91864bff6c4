package dev.fenced.tck.idempotent.released;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The application's own mapping of {@link UnavailableException}: 503 with a JSON body. */
@Provider
public class UnavailableMapper implements ExceptionMapper<UnavailableException> {

  @Override
  public Response toResponse(UnavailableException e) {
    return Response.status(503)
        .type("application/json")
        .entity("{\"error\":\"downstream unavailable\"}")
        .build();
  }
}
