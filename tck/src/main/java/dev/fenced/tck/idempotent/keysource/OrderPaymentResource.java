package dev.fenced.tck.idempotent.keysource;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/orders/{orderId}/pay} and {@code .../ship}, keyed by the order id in the path;
 * {@code POST /api/orders/{orderId}/capture?captureId=c}, keyed by the query parameter, which it
 * requires; {@code .../settle}, keyed by the {@code settlementId} field of its JSON body. Each
 * counts its runs under the {@code tag} query parameter.
 */
@Path("orders/{orderId}")
@RequestScoped
public class OrderPaymentResource {

  @Inject Invocations invocations;

  /**
   * Pays the order once.
   *
   * @param orderId the key
   * @param tag the test's counter
   * @return 201 with the run
   */
  @POST
  @Path("pay")
  @Idempotent(keyFrom = "path:orderId")
  @Produces(MediaType.APPLICATION_JSON)
  public Response pay(@PathParam("orderId") String orderId, @QueryParam("tag") String tag) {
    return created("paid", orderId, invocations.increment(tag));
  }

  /**
   * Ships the order once: the same order id as {@link #pay}'s, another record.
   *
   * @param orderId the key
   * @param tag the test's counter
   * @return 201 with the run
   */
  @POST
  @Path("ship")
  @Idempotent(keyFrom = "path:orderId")
  @Produces(MediaType.APPLICATION_JSON)
  public Response ship(@PathParam("orderId") String orderId, @QueryParam("tag") String tag) {
    return created("shipped", orderId, invocations.increment(tag));
  }

  /**
   * Captures a payment once per capture id.
   *
   * @param orderId the order
   * @param tag the test's counter
   * @return 201 with the run
   */
  @POST
  @Path("capture")
  @Idempotent(keyFrom = "query:captureId", required = true)
  @Produces(MediaType.APPLICATION_JSON)
  public Response capture(@PathParam("orderId") String orderId, @QueryParam("tag") String tag) {
    return created("captured", orderId, invocations.increment(tag));
  }

  /**
   * Settles a payment once per {@code settlementId} field of its JSON body.
   *
   * @param orderId the order
   * @param tag the test's counter
   * @param body {@code {"settlementId":..,"cents":..}}, or a body without the field
   * @return 201 with the run
   */
  @POST
  @Path("settle")
  @Idempotent(keyFrom = "body:/settlementId")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response settle(
      @PathParam("orderId") String orderId, @QueryParam("tag") String tag, String body) {
    return created("settled", orderId, invocations.increment(tag));
  }

  private static Response created(String what, String orderId, int run) {
    return Response.status(201)
        .entity("{\"" + what + "\":\"" + orderId + "\",\"run\":" + run + "}")
        .build();
  }
}
