package dev.fenced.tck.encryption.common;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/counts/<name>}: a {@link Counter} count, as plain text. */
@Path("counts")
@RequestScoped
public class CounterResource {

  @Inject Counter counter;

  /**
   * One count.
   *
   * @param name what happened
   * @return the count as decimal text
   */
  @GET
  @Path("{name}")
  @Produces(MediaType.TEXT_PLAIN)
  public String count(@PathParam("name") String name) {
    return Integer.toString(counter.count(name));
  }
}
