package dev.fenced.tck.idempotent.released;

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

/** Guarded endpoints whose first run fails with a 5xx or an unmapped exception, then succeed. */
@Path("flaky")
@RequestScoped
public class FlakyResource {

  @Inject Invocations invocations;

  /**
   * {@code POST /api/flaky/status}: 503 on the first run, 201 after.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 503, then 201 with the run number
   */
  @POST
  @Path("status")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response status(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    if (run == 1) {
      return Response.status(503).entity("{\"error\":\"try later\"}").build();
    }
    return Response.status(201).entity("{\"run\":" + run + "}").build();
  }

  /**
   * {@code POST /api/flaky/mapped}: throws {@link UnavailableException}, which {@link
   * UnavailableMapper} turns into a 503, on the first run; 201 after.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number after the first run
   */
  @POST
  @Path("mapped")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response mapped(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    if (run == 1) {
      throw new UnavailableException();
    }
    return Response.status(201).entity("{\"run\":" + run + "}").build();
  }

  /**
   * {@code POST /api/flaky/exception}: throws an exception no mapper handles on the first run, 201
   * after.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number after the first run
   */
  @POST
  @Path("exception")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response exception(@QueryParam("tag") String tag, String body) {
    int run = invocations.increment(tag);
    if (run == 1) {
      throw new IllegalStateException("the TCK's first run fails");
    }
    return Response.status(201).entity("{\"run\":" + run + "}").build();
  }
}
