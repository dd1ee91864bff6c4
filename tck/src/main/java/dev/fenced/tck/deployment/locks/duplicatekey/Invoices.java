package dev.fenced.tck.deployment.locks.duplicatekey;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** One job with the key {@code tck:export}. */
@ApplicationScoped
public class Invoices {

  /** Runs. */
  @WithoutOverlapping(key = "tck:export")
  public void run() {}
}
