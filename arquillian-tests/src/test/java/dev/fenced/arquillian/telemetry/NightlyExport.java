package dev.fenced.arquillian.telemetry;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** A job guarded by a run lock; its name in metrics is {@value #JOB}. */
@ApplicationScoped
public class NightlyExport {

  /** The job's name in events and metrics. */
  public static final String JOB = "dev.fenced.arquillian.telemetry.NightlyExport.run";

  /** Does nothing, under the run lock {@code nightly-export}. */
  @WithoutOverlapping(key = "nightly-export")
  public void run() {}
}
