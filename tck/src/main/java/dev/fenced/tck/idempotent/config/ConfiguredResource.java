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
 * Guarded endpoints whose members the deployment's {@code microprofile-config.properties} overrides
 * (see {@code IdempotentHttpConfigOverrideTest}); {@code plain} has no override.
 */
@Path("configured")
@RequestScoped
public class ConfiguredResource {

  /** A header only an override puts on the replay allowlist. */
  public static final String CONFIG_HEADER = "X-Config-Trace";

  @Inject Invocations invocations;

  private Response created(String tag) {
    int run = invocations.increment(tag);
    return Response.status(201)
        .header(CONFIG_HEADER, "trace-" + System.nanoTime())
        .entity("{\"run\":" + run + "}")
        .build();
  }

  /**
   * Optional key by annotation; config makes it required.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("strict")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response strict(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * Required key by annotation; config makes it optional.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("relaxed")
  @Idempotent(required = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response relaxed(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * A day's ttl by annotation; config makes it two seconds.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("short-lived")
  @Idempotent(ttl = "24h")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response shortLived(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * No extra replay header by annotation; config adds {@value #CONFIG_HEADER}.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("traced")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response traced(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }

  /**
   * No override: the annotation's values hold.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("plain")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response plain(@QueryParam("tag") String tag, String body) {
    return created(tag);
  }
}
