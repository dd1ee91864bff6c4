package dev.fenced.core.time;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A {@link Scheduler} on a {@link ScheduledExecutorService} and the system's monotonic clock. */
public final class ExecutorScheduler implements Scheduler {

  private final ScheduledExecutorService executor;

  /**
   * Creates a scheduler; the caller owns the executor's lifecycle.
   *
   * @param executor runs the delayed tasks
   */
  public ExecutorScheduler(ScheduledExecutorService executor) {
    this.executor = Objects.requireNonNull(executor, "executor");
  }

  @Override
  public ScheduledTask schedule(Runnable task, Duration delay) {
    ScheduledFuture<?> future =
        executor.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
    return () -> future.cancel(false);
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public void sleep(Duration duration) throws InterruptedException {
    TimeUnit.NANOSECONDS.sleep(Math.max(0, duration.toNanos()));
  }
}
