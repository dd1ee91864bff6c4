package dev.fenced.core.time;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
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
  private final Executor aside;

  /**
   * Creates a scheduler; the caller owns the executors' lifecycles.
   *
   * @param storeCalls runs the tasks of {@link #schedule}
   * @param timers runs the tasks of {@link #scheduleTimer}; never the same executor as {@code
   *     storeCalls}
   * @param aside runs the tasks of {@link #runAside} at once, each on a thread of its own if need
   *     be (a cached pool); when it refuses a task, the task runs on the caller's thread
   */
  public ExecutorScheduler(
      ScheduledExecutorService storeCalls, ScheduledExecutorService timers, Executor aside) {
    this.storeCalls = Objects.requireNonNull(storeCalls, "storeCalls");
    this.timers = Objects.requireNonNull(timers, "timers");
    this.aside = Objects.requireNonNull(aside, "aside");
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

  @Override
  public void runAside(Runnable task) {
    try {
      aside.execute(task);
    } catch (RejectedExecutionException e) {
      task.run(); // shutting down: late on this thread rather than never
    }
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

  @Override
  public void sleep(Duration duration, WakeUp wakeUp) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    wakeUp.await(Math.max(0, duration.toNanos()));
  }
}
