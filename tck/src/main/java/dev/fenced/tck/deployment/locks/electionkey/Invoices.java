package dev.fenced.tck.deployment.locks.electionkey;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** A job with the key {@code tck:elected}. */
@ApplicationScoped
public class Invoices {

  /** Runs. */
  @WithoutOverlapping(key = "tck:elected")
  public void run() {}
}
