package dev.fenced.tck.metrics.exported;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code POST /api/payments}, idempotent: answers 201 with the payment it took. */
@Path("payments")
@RequestScoped
public class PaymentResource {

  /**
   * Takes a payment.
   *
   * @param payment the JSON payment
   * @return 201 with the payment
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response pay(String payment) {
    return Response.status(201).entity(payment).build();
  }
}
