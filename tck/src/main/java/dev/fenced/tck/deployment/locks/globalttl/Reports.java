package dev.fenced.tck.deployment.locks.globalttl;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** A valid job: what fails is the deployment's configuration. */
@ApplicationScoped
public class Reports {

  /** Runs. */
  @WithoutOverlapping
  public void run() {}
}
