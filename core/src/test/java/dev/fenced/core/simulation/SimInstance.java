package dev.fenced.core.simulation;

import dev.fenced.core.time.Scheduler;
import dev.fenced.core.time.WakeUp;
import java.time.Duration;

/**
 * One simulated application server as the engines see it: a {@link Scheduler} whose tasks and
 * timers are events of the {@link SimWorld}, and whose monotonic clock is real time, so it runs on
 * while the instance is paused. A paused instance runs nothing until it resumes (its due tasks then
 * run in the order they fell due); a crashed one never runs what it had scheduled, and comes back
 * as a new process with nothing held.
 *
 * <p>A sleep lasts at least as long as asked and ends on a whole second: the engine draws the
 * jitter of its retries of {@code complete} from a random source of its own, and rounding every
 * such pause (at most 1 s) up to 1 s keeps the run a function of the plan.
 */
final class SimInstance implements Scheduler {

  private static final long SECOND = 1_000_000_000L;

  private final SimWorld world;
  private final int id;
  private final boolean runsTimers;
  private int incarnation;
  private long pausedUntil = Long.MIN_VALUE;

  /**
   * @param runsTimers {@code false} for the mutation "skip the deadline": timers never go off
   */
  SimInstance(SimWorld world, int id, boolean runsTimers) {
    this.world = world;
    this.id = id;
    this.runsTimers = runsTimers;
  }

  int id() {
    return id;
  }

  int incarnation() {
    return incarnation;
  }

  boolean pausedAt(long time) {
    return time < pausedUntil;
  }

  long pausedUntil() {
    return pausedUntil;
  }

  /** Freezes the process until {@code until} (real time); its clock runs on. */
  void pause(long until) {
    pausedUntil = Math.max(pausedUntil, until);
  }

  /** Kills the process: what it scheduled never runs, a thread of it that waits is unwound. */
  void crash() {
    incarnation++;
  }

  /**
   * Waits, as a thread of this instance, until {@code target}: the world runs meanwhile. Returns
   * late when the instance is paused then.
   *
   * @throws InstanceCrashed when the instance crashed meanwhile
   */
  void awaitUntil(long target) {
    int mine = incarnation;
    world.advanceTo(target);
    while (pausedAt(world.now())) {
      world.advanceTo(pausedUntil);
    }
    if (incarnation != mine) {
      throw new InstanceCrashed();
    }
  }

  @Override
  public ScheduledTask schedule(Runnable task, Duration delay) {
    SimWorld.Event event = world.at(world.now() + Math.max(0, delay.toNanos()), this, task);
    return event::cancel;
  }

  @Override
  public ScheduledTask scheduleTimer(Runnable task, Duration delay) {
    if (!runsTimers) {
      return () -> {};
    }
    return schedule(task, delay);
  }

  @Override
  public void runAside(Runnable task) {
    task.run();
  }

  @Override
  public long nanoTime() {
    return world.now();
  }

  @Override
  public void sleep(Duration duration) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    long nanos = Math.max(0, duration.toNanos());
    long rounded = (nanos + SECOND - 1) / SECOND * SECOND;
    awaitUntil(world.now() + rounded);
  }

  @Override
  public void sleep(Duration duration, WakeUp wakeUp) throws InterruptedException {
    if (wakeUp.take()) {
      return;
    }
    sleep(duration);
  }
}
