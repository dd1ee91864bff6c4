package dev.fenced.core.time;

import java.time.Duration;

/**
 * Time as the engines see it: delayed tasks (store calls such as renewals, and timers such as
 * deadline checks, kept apart), a monotonic clock and sleeping. Production uses {@link
 * ExecutorScheduler} (two {@code ScheduledExecutorService}s, in a server on managed threads); tests
 * use a manual scheduler they advance by hand, so renewals and deadlines run without real waiting.
 */
public interface Scheduler {

  /**
   * Runs {@code task} once after {@code delay}.
   *
   * @param task what to run; exceptions it throws are the task's own business
   * @param delay zero or more
   * @return a handle that cancels the task if it has not started
   */
  ScheduledTask schedule(Runnable task, Duration delay);

  /**
   * Runs a short timer {@code task} once after {@code delay}, on threads that never run the tasks
   * of {@link #schedule} (which call the store and may hang): a deadline check scheduled here runs
   * on time even when every store call hangs. The task itself must never call a store nor block.
   *
   * @param task what to run; exceptions it throws are the task's own business
   * @param delay zero or more
   * @return a handle that cancels the task if it has not started
   */
  ScheduledTask scheduleTimer(Runnable task, Duration delay);

  /**
   * Runs {@code task} now on a thread that is neither a timer's nor a store call's: for reports
   * that run application code (loss listeners, events), which may block, found on a timer thread
   * that must stay free for the next deadline.
   *
   * @param task what to run; exceptions it throws are the task's own business
   */
  void runAside(Runnable task);

  /**
   * Monotonic time in nanoseconds, for deadlines: only differences between two readings mean
   * anything (production: {@link System#nanoTime()}).
   *
   * @return the current monotonic reading
   */
  long nanoTime();

  /**
   * Blocks the calling thread for {@code duration} (production: {@link Thread#sleep}).
   *
   * @param duration zero or more
   * @throws InterruptedException when the thread is interrupted while it sleeps
   */
  void sleep(Duration duration) throws InterruptedException;

  /**
   * Blocks the calling thread for {@code duration}, or until {@code wakeUp} rings, whichever comes
   * first; a ring that came before the call ends it at once. The ring is taken.
   *
   * @param duration zero or more
   * @param wakeUp what may end the sleep early
   * @throws InterruptedException when the thread is interrupted while it sleeps
   */
  void sleep(Duration duration, WakeUp wakeUp) throws InterruptedException;

  /** A scheduled task that can be cancelled. */
  @FunctionalInterface
  interface ScheduledTask {

    /** Cancels the task if it has not started; does nothing otherwise. */
    void cancel();
  }
}
