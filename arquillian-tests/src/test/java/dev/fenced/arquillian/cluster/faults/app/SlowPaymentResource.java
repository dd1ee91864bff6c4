package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.arquillian.cluster.app.RecordTables;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.UUID;

/**
 * {@code POST /api/slow-payments} with the header {@value #WORK} (milliseconds), guarded by
 * {@code @Idempotent} with a lock ttl of {@value #LOCK_TTL}: records that it started, works that
 * long, records that it finished, and answers 201 with the member and a fresh payment id. A server
 * killed or frozen while it works leaves a {@code started} without a {@code finished}. The work
 * time is a header, outside the request's fingerprint, so a retry may work less than the first
 * request.
 */
@Path("slow-payments")
@RequestScoped
public class SlowPaymentResource {

  /** The request header giving the work time in milliseconds. */
  public static final String WORK = "Work-Millis";

  /** The lock ttl of its claims: how soon a retry may take over from a dead server. */
  public static final String LOCK_TTL = "3s";

  @Inject Member member;
  @Inject RecordTables records;

  /**
   * Takes a slow payment.
   *
   * @param key the idempotency key
   * @param millis how long it works (header {@value #WORK})
   * @param body the JSON payment
   * @return 201 with {@code {"key":...,"member":...,"payment":...}}
   * @throws InterruptedException when interrupted while working
   */
  @POST
  @Idempotent(lockTtl = LOCK_TTL)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response pay(
      @HeaderParam("Idempotency-Key") String key, @HeaderParam(WORK) long millis, String body)
      throws InterruptedException {
    records.run(key, member.name(), "started", System.currentTimeMillis());
    Thread.sleep(millis);
    records.run(key, member.name(), "finished", System.currentTimeMillis());
    String reply =
        "{\"key\":\"%s\",\"member\":\"%s\",\"payment\":\"%s\"}"
            .formatted(key, member.name(), UUID.randomUUID());
    return Response.status(201).entity(reply).build();
  }
}
