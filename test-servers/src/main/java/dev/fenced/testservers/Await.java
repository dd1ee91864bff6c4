package dev.fenced.testservers;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Polls a condition until it holds or a time is up: how the Redis test servers wait for a cluster,
 * a sentinel or a failover to settle. A condition that throws counts as not holding yet; the last
 * exception becomes the cause of the failure.
 */
public final class Await {

  private static final long POLL_MILLIS = 50;

  private Await() {}

  /**
   * Returns as soon as {@code condition} holds.
   *
   * @param within how long to poll
   * @param what what is awaited, for the failure's message
   * @param condition asked every 50 ms
   * @throws IllegalStateException when {@code within} passed first
   */
  public static void until(Duration within, String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + within.toNanos();
    RuntimeException last = null;
    while (true) {
      try {
        if (condition.getAsBoolean()) {
          return;
        }
      } catch (RuntimeException e) {
        last = e;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            "waited " + within.toMillis() + " ms in vain until " + what, last);
      }
      pause(POLL_MILLIS);
    }
  }

  /**
   * Sleeps, turning an interruption into an exception with the interrupt flag set again.
   *
   * @param millis how long
   */
  public static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting", e);
    }
  }
}
