package dev.fenced.arquillian.stores;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.idempotent.async.PendingResponses;
import dev.fenced.tck.support.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
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

/**
 * A transactional resource method that answers through a {@code @Suspended AsyncResponse}, for
 * {@code fenced.idempotency.commit=with-work}: its transaction ends when it returns, its answer
 * comes later, when the test resumes or fails it.
 *
 * <ul>
 *   <li>{@code POST /api/with-work/suspended?tag=t} counts {@code t:entered} and suspends;
 *   <li>{@code GET /api/with-work/pending/t} says whether a response of {@code t} is pending;
 *   <li>{@code POST /api/with-work/pending/t/complete} answers it 201 with the run number;
 *   <li>{@code POST /api/with-work/pending/t/fail} fails it with an exception no mapper handles.
 * </ul>
 */
@Path("with-work")
@RequestScoped
public class WithWorkSuspendedResource {

  @Inject Invocations invocations;
  @Inject PendingResponses pending;

  /**
   * Suspends the response in a transaction of its own.
   *
   * @param tag the test's tag
   * @param response the suspended response
   */
  @POST
  @Path("suspended")
  @Idempotent
  @Transactional
  @Produces(MediaType.APPLICATION_JSON)
  public void suspended(@QueryParam("tag") String tag, @Suspended AsyncResponse response) {
    invocations.increment(tag + ":entered");
    pending.suspend(tag, response);
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
