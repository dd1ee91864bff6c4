package dev.fenced.tck.idempotent.donotstore;

import dev.fenced.idempotency.IdempotencyContext;
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

/** Guarded endpoints that use the injected {@link IdempotencyContext}. */
@Path("tickets")
@RequestScoped
public class TicketResource {

  @Inject Invocations invocations;
  @Inject IdempotencyContext context;

  /**
   * {@code POST /api/tickets/one-time}: issues a ticket that must not be served twice, and gives up
   * storing the response.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("one-time")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response oneTime(@QueryParam("tag") String tag, String body) {
    context.doNotStore();
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }

  /**
   * {@code POST /api/tickets/key}: tells the key the context sees; stored as usual.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the key
   */
  @POST
  @Path("key")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response key(@QueryParam("tag") String tag, String body) {
    invocations.increment(tag);
    return Response.status(201)
        .entity("{\"key\":\"" + context.key().orElse("none") + "\"}")
        .build();
  }
}
