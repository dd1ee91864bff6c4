package dev.fenced.tck.locks.invalid.duplicatekey;

import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;

/** Another job with the key {@code tck:export}. */
@ApplicationScoped
public class Payments {

  /** Runs. */
  @OnOneInstance(key = "tck:export")
  public void run() {}
}
