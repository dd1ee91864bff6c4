package dev.fenced.tck.idempotent.global;

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
 * {@code POST /api/shipments?tag=t} with a plain {@code @Idempotent}: what it does depends on the
 * global {@code fenced.idempotency.*} keys of the deployment.
 */
@Path("shipments")
@RequestScoped
public class ShipmentResource {

  /** A header only the global {@code replay-headers} puts on the allowlist. */
  public static final String GLOBAL_HEADER = "X-Global-Trace";

  @Inject Invocations invocations;

  /**
   * Ships.
   *
   * @param tag the test's counter
   * @param body the JSON shipment
   * @return 201 with the run number and a header that changes per run
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response ship(@QueryParam("tag") String tag, String body) {
    return Response.status(201)
        .header(GLOBAL_HEADER, "trace-" + System.nanoTime())
        .entity("{\"run\":" + invocations.increment(tag) + "}")
        .build();
  }
}
