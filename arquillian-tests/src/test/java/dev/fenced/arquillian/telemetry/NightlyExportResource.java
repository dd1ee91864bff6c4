package dev.fenced.arquillian.telemetry;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

/** {@code POST /api/jobs/nightly-export}: runs the job once, as a scheduler would fire it. */
@Path("jobs/nightly-export")
@RequestScoped
public class NightlyExportResource {

  @Inject NightlyExport job;

  /** Fires the job. */
  @POST
  public void fire() {
    job.run();
  }
}
