package dev.fenced.core.jobs;

import java.time.Duration;

/**
 * The guarded runs in progress in one application, so that shutdown can stop admitting new runs and
 * then wait, bounded, for the running ones to finish before their locks are released.
 *
 * <p>A run that entered before {@link #close()} may still enter its inner guards (a run lock inside
 * a one-instance lease) on the same thread; nothing else enters after it. Thread-safe.
 */
public final class RunningJobs {

  private final Object monitor = new Object();
  private final ThreadLocal<int[]> depth = new ThreadLocal<>();
  private int running;
  private boolean closed;

  /**
   * Admits a run on the current thread, to be followed by {@link #exit()} whatever happens.
   *
   * @return {@code false} when closed and the thread is not already inside an admitted run; then
   *     {@link #exit()} must not be called
   */
  public boolean enter() {
    int[] nested = depth.get();
    synchronized (monitor) {
      if (closed && nested == null) {
        return false;
      }
      running++;
    }
    if (nested == null) {
      depth.set(new int[] {1});
    } else {
      nested[0]++;
    }
    return true;
  }

  /** Ends a run admitted by {@link #enter()} on this thread. */
  public void exit() {
    int[] nested = depth.get();
    if (nested != null && --nested[0] == 0) {
      depth.remove();
    }
    synchronized (monitor) {
      running--;
      monitor.notifyAll();
    }
  }

  /** Admits no new run from now on; runs in progress go on. Idempotent. */
  public void close() {
    synchronized (monitor) {
      closed = true;
    }
  }

  /**
   * Whether {@link #close()} was called.
   *
   * @return whether new runs are refused
   */
  public boolean isClosed() {
    synchronized (monitor) {
      return closed;
    }
  }

  /**
   * How many guards are entered now (a run inside a lease and a run lock counts twice).
   *
   * @return the count
   */
  public int running() {
    synchronized (monitor) {
      return running;
    }
  }

  /**
   * Waits until no run is in progress, or {@code timeout} passed.
   *
   * @param timeout the longest wait
   * @return {@code true} when none runs, {@code false} when runs were still going at the timeout
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (monitor) {
      while (running > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        monitor.wait(Math.max(1, left / 1_000_000), 0);
      }
      return true;
    }
  }
}
