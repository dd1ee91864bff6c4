package dev.fenced.core.time;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Scheduler} on two {@link ScheduledExecutorService}s and the system's monotonic clock:
 * one runs the tasks that call the store (renewals, election tries), the other only timers
 * (deadline checks), so a hung store call can never hold up a deadline.
 */
public final class ExecutorScheduler implements Scheduler {

  private final ScheduledExecutorService storeCalls;
  private final ScheduledExecutorService timers;

  /**
   * Creates a scheduler; the caller owns the executors' lifecycles.
   *
   * @param storeCalls runs the tasks of {@link #schedule}
   * @param timers runs the tasks of {@link #scheduleTimer}; never the same executor as {@code
   *     storeCalls}
   */
  public ExecutorScheduler(ScheduledExecutorService storeCalls, ScheduledExecutorService timers) {
    this.storeCalls = Objects.requireNonNull(storeCalls, "storeCalls");
    this.timers = Objects.requireNonNull(timers, "timers");
    if (storeCalls == timers) {
      throw new IllegalArgumentException(
          "timers need their own executor: a hung store call must not hold up a deadline");
    }
  }

  @Override
  public ScheduledTask schedule(Runnable task, Duration delay) {
    return on(storeCalls, task, delay);
  }

  @Override
  public ScheduledTask scheduleTimer(Runnable task, Duration delay) {
    return on(timers, task, delay);
  }

  private static ScheduledTask on(
      ScheduledExecutorService executor, Runnable task, Duration delay) {
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
