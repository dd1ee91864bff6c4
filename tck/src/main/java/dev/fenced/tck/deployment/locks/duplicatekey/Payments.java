package dev.fenced.tck.deployment.locks.duplicatekey;

import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;

/** Another job with the key {@code tck:export}. */
@ApplicationScoped
public class Payments {

  /** Runs. */
  @OnOneInstance(key = "tck:export")
  public void run() {}
}
