package dev.fenced.tck.deployment.locks.maximumhold;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** A job whose maximum hold is not above its ttl. */
@ApplicationScoped
public class Reports {

  /** Runs. */
  @WithoutOverlapping(ttl = "30s", lockAtMostFor = "10s")
  public void run() {}
}
