package dev.fenced.arquillian.stores;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One endpoint twice, for the {@code *StoreHttpOverheadIT}: {@code POST /api/twins/plain} and
 * {@code POST /api/twins/idempotent} do the same work and answer the same 201 with the run number;
 * only the second is {@link Idempotent} (keyed by the {@code Idempotency-Key} header), so the
 * difference between the two is what Fenced costs.
 */
@Path("twins")
@ApplicationScoped
public class TwinResource {

  private static final AtomicLong RUNS = new AtomicLong();

  /**
   * The undecorated twin.
   *
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("plain")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response plain(String body) {
    return created();
  }

  /**
   * The guarded twin.
   *
   * @param body the JSON request
   * @return 201 with the run number; a repeat of the key gets the first one's
   */
  @POST
  @Path("idempotent")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response idempotent(String body) {
    return created();
  }

  private static Response created() {
    return Response.status(201).entity("{\"run\":" + RUNS.incrementAndGet() + "}").build();
  }
}
