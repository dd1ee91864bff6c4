package dev.fenced.tck.idempotent.scope;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/** {@code POST /api/wallet/top-ups?tag=t}, guarded with the default scope (the caller). */
@Path("wallet")
@RequestScoped
public class WalletResource {

  @Inject Invocations invocations;

  /**
   * Tops up the caller's wallet.
   *
   * @param tag the test's counter
   * @param body the JSON top-up
   * @param security the request's security context
   * @return 201 with the caller's name (or {@code null}) and the run number
   */
  @POST
  @Path("top-ups")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response topUp(
      @QueryParam("tag") String tag, String body, @Context SecurityContext security) {
    String user =
        security.getUserPrincipal() == null
            ? "null"
            : "\"" + security.getUserPrincipal().getName() + "\"";
    return Response.status(201)
        .entity("{\"user\":" + user + ",\"run\":" + invocations.increment(tag) + "}")
        .build();
  }
}
