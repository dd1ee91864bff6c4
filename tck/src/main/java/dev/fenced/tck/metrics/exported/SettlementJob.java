package dev.fenced.tck.metrics.exported;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** A job under the run lock {@code settlement}; its name in metrics is {@value #JOB}. */
@ApplicationScoped
public class SettlementJob {

  /** The job's name in events and metrics: its class and method. */
  public static final String JOB = "dev.fenced.tck.metrics.exported.SettlementJob.run";

  /** Does nothing, under the run lock. */
  @WithoutOverlapping(key = "settlement")
  public void run() {}
}
