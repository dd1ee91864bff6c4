package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.function.Supplier;

/**
 * {@code POST /api/crash-calls/ejb/{key}} and {@code .../cdi/{key}}: a plain resource (not
 * idempotent itself) that calls {@link GuardedEjb} or {@link GuardedBean} with the key and answers
 * 200 with what it returned, the run's own value or the stored one. A refusal answers its code's
 * status, with {@code Retry-After: 1} for a key in use, as an HTTP client of the call would see it.
 */
@Path("crash-calls")
@RequestScoped
public class GuardedCalls {

  @Inject GuardedEjb ejb;
  @Inject GuardedBean bean;
  @Inject CommitCrash crash;

  /**
   * Calls the EJB.
   *
   * @param key the idempotency key
   * @param crashHeader {@value CommitCrash#HEADER}
   * @return 200 with its value, or the refusal
   */
  @POST
  @Path(GuardedEjb.KIND + "/{key}")
  @Produces(MediaType.TEXT_PLAIN)
  public Response ejb(
      @PathParam("key") String key, @HeaderParam(CommitCrash.HEADER) String crashHeader) {
    crash.request(crashHeader);
    return answer(() -> ejb.run(key));
  }

  /**
   * Calls the CDI bean.
   *
   * @param key the idempotency key
   * @param crashHeader {@value CommitCrash#HEADER}
   * @return 200 with its value, or the refusal
   */
  @POST
  @Path(GuardedBean.KIND + "/{key}")
  @Produces(MediaType.TEXT_PLAIN)
  public Response cdi(
      @PathParam("key") String key, @HeaderParam(CommitCrash.HEADER) String crashHeader) {
    crash.request(crashHeader);
    return answer(() -> bean.run(key));
  }

  private static Response answer(Supplier<String> call) {
    try {
      return Response.ok(call.get()).build();
    } catch (IdempotencyException e) {
      Response.ResponseBuilder refusal =
          Response.status(e.code().httpStatus()).entity(e.code().name());
      if (e.code() == ErrorCode.IDEMPOTENCY_KEY_IN_USE) {
        refusal.header("Retry-After", "1");
      }
      return refusal.build();
    }
  }
}
