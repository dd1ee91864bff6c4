package dev.fenced.tck.idempotent.first;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code POST /api/orders?tag=t}: counts a run under {@code t} and answers 201. */
@Path("orders")
@RequestScoped
public class OrderResource {

  @Inject Invocations invocations;

  /**
   * Creates an order.
   *
   * @param tag the test's counter
   * @param order the JSON order
   * @param uri the request's URI
   * @return 201 with {@code Location: .../orders/<tag>-<run>} and {@code {"run":n,"order":...}}
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response create(@QueryParam("tag") String tag, String order, @Context UriInfo uri) {
    int run = invocations.increment(tag);
    return Response.created(uri.getBaseUriBuilder().path("orders").path(tag + "-" + run).build())
        .entity("{\"run\":" + run + ",\"order\":" + order + "}")
        .build();
  }
}
