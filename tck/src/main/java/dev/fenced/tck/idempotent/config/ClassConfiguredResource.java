package dev.fenced.tck.idempotent.config;

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
 * Two guarded endpoints under a class-level override ({@code <class>/Idempotent/required=true});
 * {@code open} also has a method-level override that wins over it.
 */
@Path("class-configured")
@RequestScoped
public class ClassConfiguredResource {

  @Inject Invocations invocations;

  /**
   * Only the class-level override applies.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("covered")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response covered(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }

  /**
   * A method-level override turns the class-level one off.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("open")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response open(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }
}
