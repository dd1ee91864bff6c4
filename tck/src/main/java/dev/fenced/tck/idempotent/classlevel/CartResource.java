package dev.fenced.tck.idempotent.classlevel;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code @Idempotent} on the class: one method per HTTP method, each answering its run number, so a
 * replay (same number, not counted) and a run (next number) differ.
 */
@Path("carts")
@RequestScoped
@Idempotent
public class CartResource {

  @Inject Invocations invocations;

  private Response run(String tag, int status) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON)
        .entity("{\"run\":" + invocations.increment(tag) + "}")
        .build();
  }

  /**
   * {@code POST /api/carts}.
   *
   * @param tag the test's counter
   * @return 201 with the run number
   */
  @POST
  @Produces(MediaType.APPLICATION_JSON)
  public Response create(@QueryParam("tag") String tag) {
    return run(tag, 201);
  }

  /**
   * {@code PUT /api/carts}.
   *
   * @param tag the test's counter
   * @return 200 with the run number
   */
  @PUT
  @Produces(MediaType.APPLICATION_JSON)
  public Response replace(@QueryParam("tag") String tag) {
    return run(tag, 200);
  }

  /**
   * {@code PATCH /api/carts}.
   *
   * @param tag the test's counter
   * @return 200 with the run number
   */
  @PATCH
  @Produces(MediaType.APPLICATION_JSON)
  public Response update(@QueryParam("tag") String tag) {
    return run(tag, 200);
  }

  /**
   * {@code DELETE /api/carts}.
   *
   * @param tag the test's counter
   * @return 200 with the run number
   */
  @DELETE
  @Produces(MediaType.APPLICATION_JSON)
  public Response remove(@QueryParam("tag") String tag) {
    return run(tag, 200);
  }

  /**
   * {@code GET /api/carts}: not covered by the class annotation.
   *
   * @param tag the test's counter
   * @return 200 with the run number
   */
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public Response read(@QueryParam("tag") String tag) {
    return run(tag, 200);
  }

  /**
   * {@code GET /api/carts/audited}: a GET with its own annotation.
   *
   * @param tag the test's counter
   * @return 200 with the run number
   */
  @GET
  @Path("audited")
  @Idempotent
  @Produces(MediaType.APPLICATION_JSON)
  public Response audited(@QueryParam("tag") String tag) {
    return run(tag, 200);
  }
}
