package dev.fenced.example.bookshelf.orders;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /api/orders}: create an order, pay it, read its receipt. */
@Path("orders")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class OrderResource {

  @Inject Orders orders;

  /**
   * Creates an order.
   *
   * @param order the lines
   * @param uri the request's URI
   * @return 201 with the order and its {@code Location}
   */
  @POST
  public Response create(NewOrder order, @Context UriInfo uri) {
    OrderView created = orders.create(order);
    return Response.created(uri.getAbsolutePathBuilder().path(created.id()).build())
        .entity(created)
        .build();
  }

  /**
   * Pays an order. A request without an {@code Idempotency-Key} is refused (400); a repeat of a
   * finished one gets the stored answer byte for byte (the card is not charged again); a repeat
   * while the first still runs gets 409 with {@code Retry-After}; the key with another body 422.
   *
   * @param orderId the order
   * @param payment how to pay
   * @param uri the request's URI
   * @return 201 with the receipt and the {@code Location} of the receipt
   */
  @POST
  @Path("{id}/pay")
  @Idempotent(required = true)
  public Response pay(
      @PathParam("id") String orderId, PaymentRequest payment, @Context UriInfo uri) {
    Receipt receipt = orders.pay(orderId, payment);
    return Response.created(
            uri.getBaseUriBuilder().path(OrderResource.class).path(orderId).path("receipt").build())
        .entity(receipt)
        .build();
  }

  /**
   * The receipt of a paid order.
   *
   * @param orderId the order
   * @return the receipt
   */
  @GET
  @Path("{id}/receipt")
  public Receipt receipt(@PathParam("id") String orderId) {
    return orders.receipt(orderId);
  }
}
