package dev.fenced.arquillian.setup;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/greeting}: the configured greeting, as plain text. */
@Path("greeting")
@RequestScoped
public class GreetingResource {

  @Inject Greeting greeting;

  @GET
  @Produces(MediaType.TEXT_PLAIN)
  public String get() {
    return greeting.text();
  }
}
