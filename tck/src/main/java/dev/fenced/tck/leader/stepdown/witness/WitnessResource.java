package dev.fenced.tck.leader.stepdown.witness;

import jakarta.ejb.EJB;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/witness}: the reported lines, one per line. */
@Path("witness")
public class WitnessResource {

  @EJB Witness witness;

  /**
   * The reported lines.
   *
   * @return the lines joined with {@code \n}
   */
  @GET
  @Produces(MediaType.TEXT_PLAIN)
  public String lines() {
    return String.join("\n", witness.lines());
  }
}
