package dev.fenced.tck.idempotent.required;

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

/** One endpoint that requires a key and one where it is optional. */
@Path("transfers")
@RequestScoped
public class TransferResource {

  @Inject Invocations invocations;

  /**
   * {@code POST /api/transfers/strict}: a key is required.
   *
   * @param tag the test's counter
   * @param body the JSON transfer
   * @return 201 with the run number
   */
  @POST
  @Path("strict")
  @Idempotent(required = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response strict(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }

  /**
   * {@code POST /api/transfers/optional}: a key is optional.
   *
   * @param tag the test's counter
   * @param body the JSON transfer
   * @return 201 with the run number
   */
  @POST
  @Path("optional")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response optional(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }
}
