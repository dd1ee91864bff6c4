package dev.fenced.tck.deployed;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/invocations/<name>}: how often a guarded method ran, as plain text. */
@Path("invocations")
@RequestScoped
public class InvocationsResource {

  @Inject Invocations invocations;

  /**
   * The count of one name.
   *
   * @param name what ran
   * @return the count as decimal text
   */
  @GET
  @Path("{name}")
  @Produces(MediaType.TEXT_PLAIN)
  public String count(@PathParam("name") String name) {
    return Integer.toString(invocations.count(name));
  }
}
