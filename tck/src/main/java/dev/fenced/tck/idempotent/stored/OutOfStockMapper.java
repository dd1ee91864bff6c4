package dev.fenced.tck.idempotent.stored;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The application's own mapping: 409 with its own problem body, naming the run. */
@Provider
public class OutOfStockMapper implements ExceptionMapper<OutOfStockException> {

  @Override
  public Response toResponse(OutOfStockException e) {
    return Response.status(409)
        .type("application/problem+json")
        .header("ETag", "\"stock-" + e.run + "\"")
        .entity(
            "{\"title\":\"Out of stock\",\"status\":409,\"run\":"
                + e.run
                + ",\"at\":"
                + System.nanoTime()
                + "}")
        .build();
  }
}
