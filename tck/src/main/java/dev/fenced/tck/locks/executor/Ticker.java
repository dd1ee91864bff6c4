package dev.fenced.tck.locks.executor;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** Runs {@link TickJob#tick()} as a repeating task of the server's managed scheduled executor. */
@ApplicationScoped
public class Ticker {

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject TickJob job;

  /**
   * Starts ticking.
   *
   * @param period the time between two ticks
   * @return the task, for the test to cancel
   */
  public ScheduledFuture<?> start(Duration period) {
    return scheduler.scheduleAtFixedRate(job::tick, 0, period.toMillis(), TimeUnit.MILLISECONDS);
  }
}
