package dev.fenced.tck.idempotent.concurrent;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Latches;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/slow?tag=t} enters, counts {@code t:entered}, waits until the test posts to
 * {@code /api/slow/latches/t/release} (at most a minute), then counts its side effect {@code t}.
 * {@code POST /api/slow/tuned?tag=t} does the same with {@code retryAfter = "2500ms"}.
 */
@Path("slow")
@RequestScoped
public class SlowResource {

  /** The longest a request waits for the test. */
  static final long HOLD_MILLIS = 60_000;

  @Inject Invocations invocations;
  @Inject Latches latches;

  /**
   * Runs until released.
   *
   * @param tag the test's tag
   * @return 201 with the run number, or 500 when never released
   * @throws InterruptedException when interrupted
   */
  @POST
  @Idempotent
  @Produces(MediaType.APPLICATION_JSON)
  public Response run(@QueryParam("tag") String tag) throws InterruptedException {
    invocations.increment(tag + ":entered");
    latches.enter(tag);
    if (!latches.awaitRelease(tag, HOLD_MILLIS)) {
      return Response.serverError().entity("{\"error\":\"never released\"}").build();
    }
    int run = invocations.increment(tag);
    return Response.status(201).entity("{\"run\":" + run + "}").build();
  }

  /**
   * {@link #run} with a {@code retryAfter} of its own, which wins over the deployment's global one.
   *
   * @param tag the test's tag
   * @return 201 with the run number, or 500 when never released
   * @throws InterruptedException when interrupted
   */
  @POST
  @Path("tuned")
  @Idempotent(retryAfter = "2500ms")
  @Produces(MediaType.APPLICATION_JSON)
  public Response runTuned(@QueryParam("tag") String tag) throws InterruptedException {
    return run(tag);
  }

  /**
   * Whether a request holds in {@link #run}.
   *
   * @param tag the test's tag
   * @return {@code true} or {@code false}
   */
  @GET
  @Path("latches/{tag}")
  @Produces(MediaType.TEXT_PLAIN)
  public String entered(@PathParam("tag") String tag) {
    return Boolean.toString(latches.entered(tag));
  }

  /**
   * Lets the held request finish.
   *
   * @param tag the test's tag
   */
  @POST
  @Path("latches/{tag}/release")
  public void release(@PathParam("tag") String tag) {
    latches.release(tag);
  }
}
