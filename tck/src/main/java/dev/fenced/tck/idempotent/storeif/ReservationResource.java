package dev.fenced.tck.idempotent.storeif;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.StoreIf;
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
 * {@code POST /api/reservations}: {@code storeIf = SUCCESS}; 409 on the first run, 201 after.
 * {@code POST /api/reservations/gateway}: 502 on the first run, listed in {@code storeStatuses}.
 * {@code POST /api/reservations/captured}: throws {@link CaptureFailed}, listed in {@code storeOn}
 * and mapped to 503 by {@link CaptureFailedMapper}.
 */
@Path("reservations")
@RequestScoped
public class ReservationResource {

  @Inject Invocations invocations;

  /**
   * Reserves a seat.
   *
   * @param tag the test's counter
   * @param body the JSON reservation
   * @return 409 on the first run, then 201 with the run number
   */
  @POST
  @Idempotent(storeIf = StoreIf.SUCCESS)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response reserve(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    if (run == 1) {
      return Response.status(409).entity("{\"error\":\"seat taken\"}").build();
    }
    return Response.status(201).entity("{\"run\":" + run + "}").build();
  }

  /**
   * Holds the seat with the airline, whose gateway then fails: 502, which is stored.
   *
   * @param tag the test's counter
   * @param body the JSON reservation
   * @return 502 with the run number
   */
  @POST
  @Path("gateway")
  @Idempotent(storeStatuses = 502)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response reserveThroughGateway(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    return Response.status(502).entity("{\"held\":true,\"run\":" + run + "}").build();
  }

  /**
   * Charges the seat, then fails to confirm it: the exception is stored.
   *
   * @param tag the test's counter
   * @param body the JSON reservation
   * @return never
   */
  @POST
  @Path("captured")
  @Idempotent(storeOn = CaptureFailed.class)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response reserveAndCapture(@QueryParam("tag") String tag, String body) {
    throw new CaptureFailed("captured in run " + invocations.increment(tag));
  }
}
