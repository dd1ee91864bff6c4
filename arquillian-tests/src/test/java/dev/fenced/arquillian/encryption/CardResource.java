package dev.fenced.arquillian.encryption;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/cards}, guarded: answers 201 with a body whose text must never be readable in
 * the store while encryption at rest is on.
 */
@Path("cards")
@RequestScoped
public class CardResource {

  /** The text of every answer; the ITs look for it in the stored bytes. */
  public static final String SECRET = "card-4111-1111-1111-1111";

  /**
   * Registers a card.
   *
   * @param body the JSON request
   * @return 201 with the card number
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response register(String body) {
    return Response.status(201).entity("{\"card\":\"" + SECRET + "\"}").build();
  }
}
