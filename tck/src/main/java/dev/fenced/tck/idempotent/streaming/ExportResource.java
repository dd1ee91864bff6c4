package dev.fenced.tck.idempotent.streaming;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;

/** {@code POST /api/exports?tag=t}: a guarded method that streams its output. */
@Path("exports")
@RequestScoped
public class ExportResource {

  @Inject Invocations invocations;

  /**
   * Streams an export.
   *
   * @param tag the test's counter
   * @return the export, written line by line
   */
  @POST
  @Idempotent
  @Produces(MediaType.TEXT_PLAIN)
  public StreamingOutput export(@QueryParam("tag") String tag) {
    int run = invocations.increment(tag);
    return out -> {
      for (int line = 1; line <= 3; line++) {
        out.write(("run " + run + " line " + line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    };
  }
}
