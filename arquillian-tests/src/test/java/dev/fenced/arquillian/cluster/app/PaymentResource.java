package dev.fenced.arquillian.cluster.app;

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
 * {@code POST /api/payments}, guarded by {@code @Idempotent}: records one side effect in the {@code
 * payments} table and answers 201 with the member that ran it and a fresh payment id, so a second
 * run for one key would show as a second row and a different body.
 */
@Path("payments")
@RequestScoped
public class PaymentResource {

  /** How long a payment takes: long enough for concurrent repeats to find it in flight. */
  static final long WORK_MILLIS = 300;

  @Inject Member member;
  @Inject RecordTables records;

  /**
   * Takes a payment.
   *
   * @param key the idempotency key
   * @param body the JSON payment
   * @return 201 with {@code {"key":...,"member":...,"payment":...}}
   * @throws InterruptedException when interrupted while working
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response pay(@HeaderParam("Idempotency-Key") String key, String body)
      throws InterruptedException {
    Thread.sleep(WORK_MILLIS);
    records.payment(key, member.name(), System.currentTimeMillis());
    String reply =
        "{\"key\":\"%s\",\"member\":\"%s\",\"payment\":\"%s\"}"
            .formatted(key, member.name(), UUID.randomUUID());
    return Response.status(201).entity(reply).build();
  }
}
