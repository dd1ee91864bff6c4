package dev.fenced.tck.idempotent.validation;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/bookings}: books once per key a {@link Booking} that Bean Validation accepted
 * (the server answers an invalid one with 400 before the method runs). Counts its runs under the
 * {@code tag} query parameter.
 */
@Path("bookings")
@RequestScoped
public class BookingResource {

  @Inject Invocations invocations;

  /**
   * Books.
   *
   * @param tag the test's counter
   * @param booking the validated booking
   * @return 201 with the run
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response book(@QueryParam("tag") String tag, @Valid @NotNull Booking booking) {
    return Response.status(201)
        .entity(
            "{\"guest\":\"" + booking.getGuest() + "\",\"run\":" + invocations.increment(tag) + "}")
        .build();
  }
}
