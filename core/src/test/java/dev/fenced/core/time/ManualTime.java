package dev.fenced.core.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Test time that moves only when told to: one wall clock, one monotonic clock and one scheduler,
 * all advanced together by {@link #advance(Duration)}, which runs every task that falls due, in
 * order, on the calling thread. {@link #sleep(Duration)} advances time instead of waiting.
 */
public final class ManualTime implements Scheduler {

  private final Object lock = new Object();
  private final List<Task> tasks = new ArrayList<>();
  private long nanos;
  private long sequence;
  private final Instant origin;

  /** Starts at 2026-01-01T00:00:00Z. */
  public ManualTime() {
    this(Instant.parse("2026-01-01T00:00:00Z"));
  }

  /**
   * Starts at {@code origin}.
   *
   * @param origin the wall-clock instant of monotonic time zero
   */
  public ManualTime(Instant origin) {
    this.origin = origin;
  }

  /** The wall clock, moving with {@link #advance}. */
  public Clock clock() {
    return new ManualClock(ZoneOffset.UTC);
  }

  /** Moves time forward by {@code duration}, running each task that falls due at its own time. */
  public void advance(Duration duration) {
    advance(duration, () -> false);
  }

  /**
   * Moves time forward by {@code duration} as {@link #advance(Duration)} does, but stops at the
   * time of the first task after which {@code stop} holds.
   */
  private void advance(Duration duration, BooleanSupplier stop) {
    long target;
    synchronized (lock) {
      target = nanos + duration.toNanos();
    }
    while (true) {
      Task next;
      synchronized (lock) {
        Optional<Task> due =
            tasks.stream()
                .filter(t -> t.dueNanos <= target)
                .min(
                    Comparator.comparingLong((Task t) -> t.dueNanos).thenComparingLong(t -> t.seq));
        if (due.isEmpty()) {
          nanos = Math.max(nanos, target);
          return;
        }
        next = due.get();
        tasks.remove(next);
        nanos = Math.max(nanos, next.dueNanos);
      }
      next.runnable.run();
      if (stop.getAsBoolean()) {
        return;
      }
    }
  }

  /** Runs the tasks due now without moving time. */
  public void runDueTasks() {
    advance(Duration.ZERO);
  }

  /** How many tasks wait to run. */
  public int pendingTasks() {
    synchronized (lock) {
      return tasks.size();
    }
  }

  /** How long since time zero. */
  public Duration elapsed() {
    synchronized (lock) {
      return Duration.ofNanos(nanos);
    }
  }

  @Override
  public ScheduledTask schedule(Runnable runnable, Duration delay) {
    synchronized (lock) {
      Task task = new Task(nanos + Math.max(0, delay.toNanos()), sequence++, runnable);
      tasks.add(task);
      return () -> {
        synchronized (lock) {
          tasks.remove(task);
        }
      };
    }
  }

  /** Timers share the one manual queue: every task runs on the thread that advances time. */
  @Override
  public ScheduledTask scheduleTimer(Runnable runnable, Duration delay) {
    return schedule(runnable, delay);
  }

  /** Runs at once, on the calling thread. */
  @Override
  public void runAside(Runnable task) {
    task.run();
  }

  @Override
  public long nanoTime() {
    synchronized (lock) {
      return nanos;
    }
  }

  @Override
  public void sleep(Duration duration) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    advance(duration);
  }

  /** Ends at once on a ring that came; else advances time, stopping after a task that rings. */
  @Override
  public void sleep(Duration duration, WakeUp wakeUp) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    if (wakeUp.take()) {
      return;
    }
    advance(duration, wakeUp::take);
  }

  private record Task(long dueNanos, long seq, Runnable runnable) {}

  private final class ManualClock extends Clock {
    private final ZoneId zone;

    ManualClock(ZoneId zone) {
      this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return new ManualClock(zone);
    }

    @Override
    public Instant instant() {
      return origin.plusNanos(nanoTime());
    }
  }
}
