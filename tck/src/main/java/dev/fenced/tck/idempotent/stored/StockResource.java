package dev.fenced.tck.idempotent.stored;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Guarded endpoints that always answer a 4xx: through an exception mapper, or directly. */
@Path("stock")
@RequestScoped
public class StockResource {

  @Inject Invocations invocations;

  /**
   * {@code POST /api/stock/reservations}: always throws {@link OutOfStockException}.
   *
   * @param tag the test's counter
   * @param body the JSON reservation
   * @return never
   */
  @POST
  @Path("reservations")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response reserve(@QueryParam("tag") String tag, String body) {
    throw new OutOfStockException(invocations.increment(tag));
  }

  /**
   * {@code POST /api/stock/lookups}: answers 404 itself.
   *
   * @param tag the test's counter
   * @param body the JSON lookup
   * @return 404 with a JSON body naming the run
   */
  @POST
  @Path("lookups")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response lookup(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    return Response.status(404)
        .entity("{\"found\":false,\"run\":" + run + ",\"at\":" + System.nanoTime() + "}")
        .build();
  }
}
