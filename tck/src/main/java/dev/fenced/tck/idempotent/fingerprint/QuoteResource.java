package dev.fenced.tck.idempotent.fingerprint;

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

/**
 * Guarded endpoints whose fingerprints leave parts of the body out, each counting its runs under
 * the {@code tag} query parameter.
 */
@Path("")
@RequestScoped
public class QuoteResource {

  /** The config key that makes {@link #order} ignore {@code /clientTime}. */
  public static final String ORDER_IGNORED_FIELDS =
      QuoteResource.class.getName() + "/order/Idempotent/ignoredFields";

  @Inject Invocations invocations;

  /**
   * {@code POST /api/quotes}: {@code /requestedAt} and {@code /meta/traceId} do not count.
   *
   * @param tag the test's counter
   * @param body the JSON quote request
   * @return 201 with the run number
   */
  @POST
  @Path("quotes")
  @Idempotent(ignoredFields = {"/requestedAt", "/meta/traceId"})
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response quote(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * {@code POST /api/orders}: what does not count is set by the deployment's config ({@link
   * #ORDER_IGNORED_FIELDS}).
   *
   * @param tag the test's counter
   * @param body the JSON order
   * @return 201 with the run number
   */
  @POST
  @Path("orders")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response order(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * {@code POST /api/uploads}: only what {@link PartsOnly} picks counts.
   *
   * @param tag the test's counter
   * @param body the multipart-like body
   * @return 201 with the run number
   */
  @POST
  @Path("uploads")
  @Idempotent(bodyFingerprint = PartsOnly.NAME)
  @Consumes(MediaType.TEXT_PLAIN)
  @Produces(MediaType.APPLICATION_JSON)
  public Response upload(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  private Response created(String tag) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }
}
