package dev.fenced.tck.deployment.locks.ttl;

import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;

/** A job whose ttl is not a duration. */
@ApplicationScoped
public class Reports {

  /** Runs. */
  @OnOneInstance(ttl = "12x")
  public void run() {}
}
