package dev.fenced.tck.extension.idempotent;

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

/**
 * A resource without any Fenced annotation in its source: {@link AddsIdempotent} adds
 * {@code @Idempotent} to {@link #record} while the container boots.
 */
@Path("ledger")
@RequestScoped
public class LedgerResource {

  /** The response header that carries the run number, replayed only because the extension says. */
  public static final String RUN_HEADER = "X-Ledger-Run";

  @Inject Invocations invocations;

  /**
   * {@code POST /api/ledger/entries}: records an entry, counted under the {@code tag} query
   * parameter.
   *
   * @param tag the test's counter
   * @param body the JSON entry
   * @return 201 with the run number, in the body and in {@value #RUN_HEADER}
   */
  @POST
  @Path("entries")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response record(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    return Response.status(201).header(RUN_HEADER, run).entity("{\"run\":" + run + "}").build();
  }
}
