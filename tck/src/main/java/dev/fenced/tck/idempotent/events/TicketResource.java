package dev.fenced.tck.idempotent.events;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code POST /api/tickets/<tag>} (key required) and the events seen for it. */
@Path("tickets")
@RequestScoped
public class TicketResource {

  @Inject Invocations invocations;
  @Inject EventLog events;

  /**
   * Books a ticket.
   *
   * @param tag the test's counter, part of the path so it is part of the events' target
   * @param body the JSON booking
   * @return 201 with the run number
   */
  @POST
  @Path("{tag}")
  @Idempotent(required = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response book(@PathParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }

  /**
   * {@code GET /api/tickets/<tag>/events}: the events whose line mentions the tag.
   *
   * @param tag the test's tag
   * @return one event per line
   */
  @GET
  @Path("{tag}/events")
  @Produces(MediaType.TEXT_PLAIN)
  public String events(@PathParam("tag") String tag) {
    return String.join("\n", events.mentioning(tag));
  }
}
