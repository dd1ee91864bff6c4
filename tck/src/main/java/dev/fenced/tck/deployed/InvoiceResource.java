package dev.fenced.tck.deployed;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code POST /api/invoices?tag=t}, guarded. */
@Path("invoices")
@RequestScoped
public class InvoiceResource {

  @Inject Invocations invocations;

  /**
   * Sends an invoice.
   *
   * @param tag the test's counter
   * @param body the JSON invoice
   * @return 201 with the run number
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response send(@QueryParam("tag") String tag, String body) {
    return Response.status(201).entity("{\"run\":" + invocations.increment(tag) + "}").build();
  }
}
