package dev.fenced.core.simulation;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * Simulated real time and everything that happens in it, on one thread: a queue of events run in
 * the order of their due time (then of the time they were first due, then of their scheduling), and
 * the store's clock, which follows real time at its own rate and can step. Nothing here reads a
 * real clock, so one plan always runs the same way.
 */
final class SimWorld {

  private static final Comparator<Event> ORDER =
      Comparator.comparingLong((Event e) -> e.due)
          .thenComparingLong(e -> e.firstDue)
          .thenComparingLong(e -> e.seq);

  private final PriorityQueue<Event> queue = new PriorityQueue<>(ORDER);
  private long now;
  private long sequence;
  private long anchorReal;
  private long anchorStore;
  private long storeRatePermille = 1000;
  private int actor = -1;

  /** Real time in nanoseconds since the start of the run; every instance's monotonic clock. */
  long now() {
    return now;
  }

  /**
   * The attempt the running simulated thread acts for, or -1: each event starts with none, and a
   * thread that waits (its events run meanwhile) gets its own back when it resumes.
   */
  int actor() {
    return actor;
  }

  void actor(int attempt) {
    actor = attempt;
  }

  /** The store's clock in nanoseconds: what expiry is measured on. */
  long storeNanos() {
    return storeNanosAt(now);
  }

  private long storeNanosAt(long real) {
    return anchorStore + (real - anchorReal) * storeRatePermille / 1000;
  }

  /** From now on the store's clock runs at {@code permille}/1000 of real time. */
  void storeClockRate(long permille) {
    anchorStore = storeNanos();
    anchorReal = now;
    storeRatePermille = permille;
  }

  /** The store's clock jumps forward by {@code nanos} now. */
  void storeClockStep(long nanos) {
    anchorStore = storeNanos() + nanos;
    anchorReal = now;
  }

  /**
   * Runs {@code task} at {@code due}, on {@code instance}'s behalf (or the world's, when {@code
   * null}): skipped when the instance crashed meanwhile, put off while it is paused.
   */
  Event at(long due, SimInstance instance, Runnable task) {
    Event event =
        new Event(
            Math.max(due, now),
            sequence++,
            instance,
            instance == null ? 0 : instance.incarnation(),
            task);
    queue.add(event);
    return event;
  }

  /** Runs every event due up to {@code target}, in order, then sets the time to it. */
  void advanceTo(long target) {
    while (true) {
      Event next = queue.peek();
      if (next == null || next.due > target) {
        break;
      }
      queue.poll();
      if (next.cancelled) {
        continue;
      }
      now = Math.max(now, next.due);
      SimInstance instance = next.instance;
      if (instance != null) {
        if (instance.incarnation() != next.incarnation) {
          continue; // its process died: its threads are gone
        }
        if (instance.pausedAt(now)) {
          next.due = instance.pausedUntil();
          queue.add(next);
          continue;
        }
      }
      int waiting = actor;
      actor = -1;
      try {
        next.task.run();
      } catch (InstanceCrashed e) {
        // the thread that ran it died with its instance
      } finally {
        actor = waiting;
      }
    }
    now = Math.max(now, target);
  }

  /** A task waiting in the queue. */
  static final class Event {
    private long due;
    private final long firstDue;
    private final long seq;
    private final SimInstance instance;
    private final int incarnation;
    private final Runnable task;
    private boolean cancelled;

    private Event(long due, long seq, SimInstance instance, int incarnation, Runnable task) {
      this.due = due;
      this.firstDue = due;
      this.seq = seq;
      this.instance = instance;
      this.incarnation = incarnation;
      this.task = task;
    }

    void cancel() {
      cancelled = true;
    }
  }
}
