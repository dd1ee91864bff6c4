package dev.fenced.tck.idempotent.async;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Asynchronous resource methods that leave their response pending until the test ends it:
 *
 * <ul>
 *   <li>{@code POST /api/async/stage?tag=t} returns a {@code CompletionStage<Response>};
 *   <li>{@code POST /api/async/suspended?tag=t&timeout=ms} suspends an {@code AsyncResponse}, with
 *       a timeout when {@code timeout} is above 0 (JAX-RS then answers 503);
 *   <li>{@code POST /api/async/suspended-in-transaction?tag=t} suspends one in a transaction of its
 *       own, which ends when the method returns, before the response (for {@code
 *       fenced.idempotency.commit=with-work}).
 * </ul>
 *
 * Each counts {@code t:entered} when called. {@code POST /api/async/pending/t/complete} answers 201
 * with the run number (and counts the side effect {@code t}); {@code POST
 * /api/async/pending/t/fail} fails the response with an exception no mapper handles (a 500).
 */
@Path("async")
@RequestScoped
public class AsyncOrderResource {

  @Inject Invocations invocations;
  @Inject PendingResponses pending;

  /**
   * Returns a stage that the test completes.
   *
   * @param tag the test's tag
   * @return the pending stage
   */
  @POST
  @Path("stage")
  @Idempotent
  @Produces(MediaType.APPLICATION_JSON)
  public CompletionStage<Response> stage(@QueryParam("tag") String tag) {
    invocations.increment(tag + ":entered");
    return pending.stage(tag);
  }

  /**
   * Suspends the response until the test resumes it, or until {@code timeout}.
   *
   * @param tag the test's tag
   * @param timeoutMillis the response's timeout in milliseconds, none when 0
   * @param response the suspended response
   */
  @POST
  @Path("suspended")
  @Idempotent
  @Produces(MediaType.APPLICATION_JSON)
  public void suspended(
      @QueryParam("tag") String tag,
      @QueryParam("timeout") @DefaultValue("0") long timeoutMillis,
      @Suspended AsyncResponse response) {
    invocations.increment(tag + ":entered");
    if (timeoutMillis > 0) {
      response.setTimeout(timeoutMillis, TimeUnit.MILLISECONDS);
    }
    pending.suspend(tag, response);
  }

  /**
   * Suspends the response in a transaction of its own until the test resumes it.
   *
   * @param tag the test's tag
   * @param response the suspended response
   */
  @POST
  @Path("suspended-in-transaction")
  @Idempotent
  @Transactional
  @Produces(MediaType.APPLICATION_JSON)
  public void suspendedInTransaction(
      @QueryParam("tag") String tag, @Suspended AsyncResponse response) {
    suspended(tag, 0, response);
  }

  /**
   * Whether a response of {@code tag} is pending.
   *
   * @param tag the test's tag
   * @return {@code true} or {@code false}
   */
  @GET
  @Path("pending/{tag}")
  @Produces(MediaType.TEXT_PLAIN)
  public String pending(@PathParam("tag") String tag) {
    return Boolean.toString(pending.pending(tag));
  }

  /**
   * Answers the pending response of {@code tag} with 201 and the run number.
   *
   * @param tag the test's tag
   * @return 204, or 404 when nothing was pending
   */
  @POST
  @Path("pending/{tag}/complete")
  public Response complete(@PathParam("tag") String tag) {
    int run = invocations.increment(tag);
    Response created = Response.status(201).entity("{\"run\":" + run + "}").build();
    return pending.complete(tag, created)
        ? Response.noContent().build()
        : Response.status(404).build();
  }

  /**
   * Fails the pending response of {@code tag}.
   *
   * @param tag the test's tag
   * @return 204, or 404 when nothing was pending
   */
  @POST
  @Path("pending/{tag}/fail")
  public Response fail(@PathParam("tag") String tag) {
    return pending.fail(tag) ? Response.noContent().build() : Response.status(404).build();
  }
}
