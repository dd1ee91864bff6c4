package dev.fenced.tck.deployment.locks.zerottl;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** A job whose ttl is zero. */
@ApplicationScoped
public class Reports {

  /** Runs. */
  @WithoutOverlapping(ttl = "0")
  public void run() {}
}
