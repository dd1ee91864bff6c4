package dev.fenced.tck.deployment.locks.configttl;

import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;

/** A valid job whose configured ttl is not a duration. */
@ApplicationScoped
public class Reports {

  /** Runs. */
  @OnOneInstance
  public void run() {}
}
