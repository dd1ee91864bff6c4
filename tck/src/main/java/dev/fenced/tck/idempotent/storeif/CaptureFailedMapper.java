package dev.fenced.tck.idempotent.storeif;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Answers {@link CaptureFailed} with 503 and its message. */
@Provider
public class CaptureFailedMapper implements ExceptionMapper<CaptureFailed> {

  @Override
  public Response toResponse(CaptureFailed exception) {
    return Response.status(503)
        .type(MediaType.APPLICATION_JSON)
        .entity("{\"error\":\"" + exception.getMessage() + "\"}")
        .build();
  }
}
