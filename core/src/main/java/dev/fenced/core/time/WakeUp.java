package dev.fenced.core.time;

/**
 * A signal that ends one {@link Scheduler#sleep(java.time.Duration, WakeUp) sleep} early: {@link
 * #ring()} from any thread; the sleeper takes the ring when it wakes. A ring that comes while
 * nobody sleeps is kept for the next sleep, so a ring between two sleeps is never lost.
 */
public final class WakeUp {

  private boolean rung;

  /** Wakes the sleeper, or the next one to sleep. Never blocks for long. */
  public synchronized void ring() {
    rung = true;
    notifyAll();
  }

  /**
   * Takes a ring that came, without waiting.
   *
   * @return whether one had come
   */
  public synchronized boolean take() {
    boolean wasRung = rung;
    rung = false;
    return wasRung;
  }

  /**
   * Waits for a ring for at most {@code nanos} and takes it.
   *
   * @param nanos how long to wait at most
   * @return whether a ring came
   * @throws InterruptedException when interrupted while waiting
   */
  synchronized boolean await(long nanos) throws InterruptedException {
    long deadline = System.nanoTime() + nanos;
    long remaining = nanos;
    while (!rung && remaining > 0) {
      wait(remaining / 1_000_000, (int) (remaining % 1_000_000));
      remaining = deadline - System.nanoTime();
    }
    return take();
  }
}
