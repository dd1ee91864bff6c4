package dev.fenced.tck.idempotent.faulttolerance;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.faulttolerance.Retry;

/** Guarded POSTs that need three attempts, and the store's call counts. */
@Path("charges")
@RequestScoped
public class ChargeResource {

  @Inject Invocations invocations;
  @Inject PaymentGateway gateway;
  @Inject CountingStore store;

  /**
   * {@code POST /api/charges/retried}: the resource method itself is {@code @Retry} and fails
   * twice.
   *
   * @param tag the test's counter
   * @param body the JSON charge
   * @return 201 with the attempt that succeeded
   */
  @POST
  @Path("retried")
  @Idempotent
  @Retry(maxRetries = 3, delay = 0, jitter = 0)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response retried(@QueryParam("tag") String tag, String body) {
    int attempt = invocations.increment(tag);
    if (attempt <= 2) {
      throw new IllegalStateException("the TCK's resource fails attempt " + attempt);
    }
    return Response.status(201).entity("{\"attempt\":" + attempt + "}").build();
  }

  /**
   * {@code POST /api/charges/delegated}: calls a {@code @Retry} bean method that fails twice.
   *
   * @param tag the test's counter
   * @param body the JSON charge
   * @return 201 with the attempt that succeeded
   */
  @POST
  @Path("delegated")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response delegated(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"attempt\":" + gateway.charge(tag) + "}").build();
  }

  /**
   * {@code GET /api/charges/store-calls/<key>}: the store calls for one client key.
   *
   * @param key the client's key
   * @return {@code acquire=a complete=c release=r}
   */
  @GET
  @Path("store-calls/{key}")
  @Produces(MediaType.TEXT_PLAIN)
  public String storeCalls(@PathParam("key") String key) {
    return "acquire="
        + store.calls("acquire", key)
        + " complete="
        + store.calls("complete", key)
        + " release="
        + store.calls("release", key);
  }
}
