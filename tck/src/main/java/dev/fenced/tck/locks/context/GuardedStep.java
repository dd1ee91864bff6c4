package dev.fenced.tck.locks.context;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * A job on {@value #KEY}: it returns the lock it ran under; a skipped call returns {@code null}.
 */
@ApplicationScoped
public class GuardedStep {

  /** The run lock's key, the one the tests hold. */
  public static final String KEY = "tck:context:step";

  @Inject LocksContext context;

  /**
   * Returns the lock {@code LocksContext} shows.
   *
   * @return the run's lock
   */
  @WithoutOverlapping(key = KEY)
  public Lock step() {
    return context.lock().orElse(null);
  }
}
