package dev.fenced.tck.idempotent.ejb;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/invoices?tag=t}: a JAX-RS resource that is a stateless session bean, so its
 * method runs in a container-managed transaction.
 */
@Path("invoices")
@Stateless
public class InvoiceResource {

  @Inject Invocations invocations;

  /**
   * Issues an invoice.
   *
   * @param tag the test's counter
   * @param invoice the JSON invoice
   * @return 201 with {@code {"run":n,"invoice":...}}
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response issue(@QueryParam("tag") String tag, String invoice) {
    int run = invocations.increment(tag);
    return Response.status(201).entity("{\"run\":" + run + ",\"invoice\":" + invoice + "}").build();
  }
}
