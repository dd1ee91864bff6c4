package dev.fenced.tck.deployment.locks.leasekey;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** A job whose key is the other job's lease. */
@ApplicationScoped
public class Payments {

  /** Runs. */
  @WithoutOverlapping(key = "tck:export:owner")
  public void run() {}
}
