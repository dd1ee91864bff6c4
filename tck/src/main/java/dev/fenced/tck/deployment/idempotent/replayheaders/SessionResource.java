package dev.fenced.tck.deployment.idempotent.replayheaders;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

/** Invalid: {@code Set-Cookie} in the replay headers would hand one client's session to another. */
@Path("sessions")
@RequestScoped
public class SessionResource {

  /**
   * Opens a session.
   *
   * @return 201 with a session cookie
   */
  @POST
  @Idempotent(replayHeaders = {"ETag", "Set-Cookie"})
  public Response open() {
    return Response.status(201)
        .cookie(new NewCookie.Builder("session").value("s1").build())
        .build();
  }
}
