package dev.fenced.arquillian.stores;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Not guarded itself: {@code POST /api/waiting/{key}?hold=ms} calls {@link WaitingShipments#ship},
 * {@code GET /api/waiting/{key}/entered} tells whether a call with that key is inside it.
 */
@Path("waiting/{key}")
@RequestScoped
public class WaitingResource {

  @Inject WaitingShipments shipments;

  /**
   * Ships, or waits for the first call with the key.
   *
   * @param key the idempotency key
   * @param hold how long a first call holds, in milliseconds
   * @return the run number of the call that ran
   * @throws InterruptedException when interrupted
   */
  @POST
  @Produces(MediaType.TEXT_PLAIN)
  public String ship(@PathParam("key") String key, @QueryParam("hold") long hold)
      throws InterruptedException {
    return shipments.ship(key, hold);
  }

  /**
   * Whether a call with the key is inside the guarded method.
   *
   * @param key the idempotency key
   * @return {@code true} or {@code false}
   */
  @GET
  @Path("entered")
  @Produces(MediaType.TEXT_PLAIN)
  public String entered(@PathParam("key") String key) {
    return Boolean.toString(shipments.entered(key));
  }
}
