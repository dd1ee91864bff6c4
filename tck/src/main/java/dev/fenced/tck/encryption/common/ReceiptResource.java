package dev.fenced.tck.encryption.common;

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
 * {@code POST /api/receipts?tag=t}, guarded: answers 201 with a receipt that repeats the tag and
 * counts the run under it.
 */
@Path("receipts")
@RequestScoped
public class ReceiptResource {

  /** Text every receipt holds, which a stored record must not show in plain text. */
  public static final String MARKER = "confidential-receipt";

  @Inject Invocations counter;

  /**
   * Issues a receipt.
   *
   * @param tag the test's counter
   * @param body the JSON request
   * @return 201 with the receipt
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response issue(@QueryParam("tag") String tag, String body) {
    int run = counter.increment(tag);
    return Response.status(201)
        .entity("{\"receipt\":\"" + MARKER + " for " + tag + "\",\"run\":" + run + "}")
        .build();
  }
}
