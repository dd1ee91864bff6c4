package dev.fenced.tck.metrics.exported;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

/** {@code POST /api/jobs/settlement}: runs the job once, as a scheduler would fire it. */
@Path("jobs/settlement")
@RequestScoped
public class SettlementJobResource {

  @Inject SettlementJob job;

  /** Fires the job. */
  @POST
  public void fire() {
    job.run();
  }
}
