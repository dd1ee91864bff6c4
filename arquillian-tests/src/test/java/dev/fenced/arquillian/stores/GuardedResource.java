package dev.fenced.arquillian.stores;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code POST /api/orders}, guarded: answers 201 with the run number. {@code GET /api/orders/runs},
 * not guarded: how often the guarded method ran in this deployment, so a test counts runs without
 * trusting the guarded replies.
 */
@Path("orders")
@RequestScoped
public class GuardedResource {

  private static final AtomicLong RUNS = new AtomicLong();

  /**
   * Places an order.
   *
   * @param body the JSON order
   * @return 201 with the run number
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response place(String body) {
    return Response.status(201).entity("{\"run\":" + RUNS.incrementAndGet() + "}").build();
  }

  /**
   * How often {@link #place} ran since the deployment started.
   *
   * @return the count, as text
   */
  @GET
  @Path("runs")
  @Produces(MediaType.TEXT_PLAIN)
  public String runs() {
    return Long.toString(RUNS.get());
  }
}
