package dev.fenced.tck.deployment.locks.electionlease;

import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;

/** A job whose lease is {@code tck:feed:owner}. */
@ApplicationScoped
public class Invoices {

  /** Runs. */
  @OnOneInstance(key = "tck:feed")
  public void run() {}
}
