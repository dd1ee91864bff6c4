package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/crash-resource} with an {@code Idempotency-Key}: a CDI-managed JAX-RS resource
 * whose {@code @Transactional} method runs once per key, one row in {@link CrashRuns} per run, and
 * answers 201 with {@code <member>:<run id>}.
 */
@Path("crash-resource")
@RequestScoped
public class GuardedResource {

  /** Its kind in {@link CrashRuns}. */
  public static final String KIND = "jax-rs";

  @Inject Member member;
  @Inject CrashRuns runs;
  @Inject CommitCrash crash;

  /**
   * Runs once per key.
   *
   * @param key the idempotency key
   * @param crashHeader {@value CommitCrash#HEADER}, outside the fingerprint
   * @return 201 with the run's own value
   */
  @POST
  @Idempotent(lockTtl = CrashRuns.LOCK_TTL)
  @Transactional
  @Produces(MediaType.TEXT_PLAIN)
  public Response run(
      @HeaderParam("Idempotency-Key") String key,
      @HeaderParam(CommitCrash.HEADER) String crashHeader) {
    crash.request(crashHeader);
    runs.insert(KIND, key, member.name());
    crash.armIfRequested(KIND, key);
    return Response.status(201).entity(member.name() + ":" + java.util.UUID.randomUUID()).build();
  }
}
