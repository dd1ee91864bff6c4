package dev.fenced.tck.graphql.payments;

import dev.fenced.tck.deployed.Latches;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /api/checkout-latches/t}: whether {@code payHeld} holds for tag {@code t}; {@code POST
 * /api/checkout-latches/t/release} lets it finish.
 */
@Path("checkout-latches")
@RequestScoped
public class CheckoutLatches {

  @Inject Latches latches;

  /**
   * @param tag the test's tag
   * @return {@code true} or {@code false}
   */
  @GET
  @Path("{tag}")
  @Produces(MediaType.TEXT_PLAIN)
  public String entered(@PathParam("tag") String tag) {
    return Boolean.toString(latches.entered(tag));
  }

  /**
   * @param tag the test's tag
   */
  @POST
  @Path("{tag}/release")
  public void release(@PathParam("tag") String tag) {
    latches.release(tag);
  }
}
