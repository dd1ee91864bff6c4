package dev.fenced.tck.idempotent.written;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;

/** {@code POST /api/labels?tag=t}: returns an entity only the application's writer can write. */
@Path("labels")
@RequestScoped
public class LabelResource {

  @Inject Invocations invocations;

  /**
   * Prints a label.
   *
   * @param tag the test's counter
   * @return the label, written by {@link LabelWriter} behind {@link GuardPrefixInterceptor}
   */
  @POST
  @Idempotent
  @Produces(LabelWriter.MEDIA_TYPE)
  public Label print(@QueryParam("tag") String tag) {
    return new Label(invocations.increment(tag), System.nanoTime());
  }
}
