package dev.fenced.tck.locks.common;

import dev.fenced.tck.deployed.TckTimeouts;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** Bounded waits of the lock and leader tests, scaled with {@link TckTimeouts}. */
public final class Polling {

  /** How long the tests wait for something that should happen within a few seconds. */
  public static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(15));

  private static final long PAUSE_MILLIS = 25;

  private Polling() {}

  /**
   * Polls {@code condition} until it holds.
   *
   * @param what what the test waits for, for the failure message
   * @param timeout the longest wait, already scaled
   * @param condition the condition
   * @throws AssertionError when it did not hold within {@code timeout}
   * @throws InterruptedException when interrupted
   */
  public static void await(String what, Duration timeout, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("timed out after " + timeout + " waiting until " + what);
      }
      Thread.sleep(PAUSE_MILLIS);
    }
  }

  /**
   * {@link #await(String, Duration, BooleanSupplier)} with {@link #WAIT}.
   *
   * @param what what the test waits for
   * @param condition the condition
   * @throws InterruptedException when interrupted
   */
  public static void await(String what, BooleanSupplier condition) throws InterruptedException {
    await(what, WAIT, condition);
  }

  /**
   * Waits for a future.
   *
   * @param future the future
   * @param <T> its result type
   * @return its value
   * @throws Exception what it completed with, unwrapped from the {@code ExecutionException}
   */
  public static <T> T result(CompletableFuture<T> future) throws Exception {
    try {
      return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } catch (TimeoutException e) {
      throw new AssertionError("the call did not finish within " + WAIT, e);
    }
  }
}
