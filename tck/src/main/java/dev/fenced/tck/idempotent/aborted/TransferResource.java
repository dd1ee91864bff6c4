package dev.fenced.tck.idempotent.aborted;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code POST} and {@code DELETE /api/transfers?tag=t}, each counting its runs. */
@Path("transfers")
@RequestScoped
public class TransferResource {

  @Inject Invocations invocations;

  /**
   * Makes a transfer.
   *
   * @param tag the test's counter
   * @param body the JSON transfer
   * @return 201 with the run number
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response transfer(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }

  /**
   * Cancels transfers, without a body.
   *
   * @param tag the test's counter
   * @return 204
   */
  @DELETE
  @Idempotent
  public Response cancel(@QueryParam("tag") String tag) {
    invocations.increment(tag);
    return Response.noContent().build();
  }
}
