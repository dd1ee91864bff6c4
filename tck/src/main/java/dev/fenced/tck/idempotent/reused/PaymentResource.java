package dev.fenced.tck.idempotent.reused;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Three guarded endpoints that all count their runs under the {@code tag} query parameter. */
@Path("")
@RequestScoped
public class PaymentResource {

  @Inject Invocations invocations;

  /**
   * {@code POST /api/payments}.
   *
   * @param tag the test's counter
   * @param body the JSON payment
   * @return 201 with the run number
   */
  @POST
  @Path("payments")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response pay(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * {@code PUT /api/payments}: the same path with another method.
   *
   * @param tag the test's counter
   * @param body the JSON payment
   * @return 201 with the run number
   */
  @PUT
  @Path("payments")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response replace(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * {@code POST /api/refunds}: another path.
   *
   * @param tag the test's counter
   * @param body the JSON refund
   * @return 201 with the run number
   */
  @POST
  @Path("refunds")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response refund(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * {@code POST /api/notes}: a plain-text body, which counts byte for byte.
   *
   * @param tag the test's counter
   * @param body the note
   * @return 201 with the run number
   */
  @POST
  @Path("notes")
  @Idempotent
  @Consumes(MediaType.TEXT_PLAIN)
  @Produces(MediaType.APPLICATION_JSON)
  public Response note(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  private Response created(String tag) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }
}
