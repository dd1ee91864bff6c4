package dev.fenced.tck.idempotent.faulttolerance;

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
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * {@code @Idempotent} JAX-RS payouts that MicroProfile Fault Tolerance shapes. Each run of a body
 * counts one payout under its tag ({@link Invocations}) and answers {@code 201 {"paid":<n>}}; the
 * bank's outages are switched through {@link Payouts}.
 */
@Path("payouts")
@RequestScoped
public class PayoutResource {

  @Inject Invocations invocations;
  @Inject Payouts bank;

  /**
   * {@code POST /api/payouts/slow}: pays, then stays slow past its time-out.
   *
   * @param tag the test's counter
   * @param body the JSON payout
   * @return 201 with the run
   */
  @POST
  @Path("slow")
  @Idempotent
  @Timeout(300)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response slow(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    Payouts.linger(Payouts.SLOW);
    return paid(run);
  }

  /**
   * {@code POST /api/payouts/slow-with-fallback}: pays, then stays slow past its time-out; the
   * fallback answers 202.
   *
   * @param tag the test's counter
   * @param body the JSON payout
   * @return 201 with the run
   */
  @POST
  @Path("slow-with-fallback")
  @Idempotent
  @Timeout(300)
  @Fallback(fallbackMethod = "queued")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response slowWithFallback(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    Payouts.linger(Payouts.SLOW);
    return paid(run);
  }

  /**
   * {@code POST /api/payouts/with-fallback}: pays unless the bank is down; the fallback answers 202
   * then.
   *
   * @param tag the test's counter
   * @param body the JSON payout
   * @return 201 with the run
   */
  @POST
  @Path("with-fallback")
  @Idempotent
  @Fallback(fallbackMethod = "queued")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response withFallback(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    if (bank.down(tag)) {
      throw new IllegalStateException("the TCK's bank is down");
    }
    return paid(run);
  }

  /**
   * The degraded answer: {@code 202 {"queued":true}}, a status below 500 that the default storage
   * policy would keep.
   *
   * @param tag the test's counter
   * @param body the JSON payout
   * @return 202
   */
  public Response queued(String tag, String body) {
    return Response.status(202).entity("{\"queued\":true}").build();
  }

  /**
   * {@code POST /api/payouts/guarded}: pays unless the bank is down, behind a circuit breaker that
   * two failures open for a second ({@link CircuitOpenMapper} answers 429 while it is open).
   *
   * @param tag the test's counter
   * @param body the JSON payout
   * @return 201 with the run
   */
  @POST
  @Path("guarded")
  @Idempotent
  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000, successThreshold = 1)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response guarded(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    if (bank.down(tag)) {
      throw new IllegalStateException("the TCK's bank is down");
    }
    return paid(run);
  }

  /**
   * {@code POST /api/payouts/outage}: makes the bank fail for a tag, or work again (unguarded).
   *
   * @param tag the test's counter
   * @param down whether the bank fails
   * @return 204
   */
  @POST
  @Path("outage")
  public Response outage(@QueryParam("tag") String tag, @QueryParam("down") boolean down) {
    bank.outage(tag, down);
    return Response.noContent().build();
  }

  private static Response paid(int run) {
    return Response.status(201).entity("{\"paid\":" + run + "}").build();
  }
}
