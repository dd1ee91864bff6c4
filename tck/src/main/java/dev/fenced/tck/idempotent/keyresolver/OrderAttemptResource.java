package dev.fenced.tck.idempotent.keyresolver;

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
 * {@code POST /api/attempts}, keyed by {@link OrderAttemptKeys} ({@code order:<orderId>:<attempt>}
 * from the JSON body), which it requires. Counts its runs under the {@code tag} query parameter.
 */
@Path("attempts")
@RequestScoped
public class OrderAttemptResource {

  @Inject Invocations invocations;

  /**
   * Pays one attempt of an order once.
   *
   * @param tag the test's counter
   * @param body {@code {"orderId":..,"attempt":..}}
   * @return 201 with the run
   */
  @POST
  @Idempotent(keyFrom = "bean:" + OrderAttemptKeys.NAME, required = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response pay(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }
}
