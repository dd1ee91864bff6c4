package dev.fenced.tck.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs callers against a store at the same moment: one pool thread per caller, and a barrier that
 * every caller passes before each step, so the calls of one step really overlap.
 */
final class Race implements AutoCloseable {

  private static final long TIMEOUT_SECONDS = 120;

  private final int callers;
  private final ExecutorService pool;

  /** A call made by {@code caller} (0-based) in {@code step} (0-based). */
  @FunctionalInterface
  interface Call<R> {
    R call(int caller, int step) throws Exception;
  }

  Race(int callers) {
    if (callers < 2) {
      throw new IllegalArgumentException("a race needs 2 or more callers, got " + callers);
    }
    this.callers = callers;
    AtomicInteger threads = new AtomicInteger();
    this.pool =
        Executors.newFixedThreadPool(
            callers,
            runnable -> {
              Thread thread = new Thread(runnable, "fenced-tck-race-" + threads.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Runs {@code steps} steps; in each, every caller makes its call once the others are ready too.
   *
   * @return the results by step, then by caller
   * @throws AssertionError when a call threw or the race did not finish in time
   */
  <R> List<List<R>> run(int steps, Call<R> call) throws InterruptedException {
    CyclicBarrier barrier = new CyclicBarrier(callers);
    Object[][] results = new Object[steps][callers];
    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    List<Future<?>> futures = new ArrayList<>();
    for (int c = 0; c < callers; c++) {
      int caller = c;
      futures.add(
          pool.submit(
              () -> {
                for (int step = 0; step < steps; step++) {
                  barrier.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                  try {
                    results[step][caller] = call.call(caller, step);
                  } catch (Exception | Error e) {
                    // keep meeting the barrier so the other callers are not stranded
                    failures.add(e);
                  }
                }
                return null;
              }));
    }
    for (Future<?> future : futures) {
      try {
        future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        failures.add(e.getCause());
      } catch (TimeoutException e) {
        failures.add(e);
        break;
      }
    }
    if (!failures.isEmpty()) {
      AssertionError error =
          new AssertionError("a store call failed during the race", failures.peek());
      failures.stream().skip(1).forEach(error::addSuppressed);
      throw error;
    }
    List<List<R>> byStep = new ArrayList<>(steps);
    for (Object[] step : results) {
      @SuppressWarnings("unchecked")
      List<R> row = (List<R>) Arrays.asList(step);
      byStep.add(row);
    }
    return byStep;
  }

  @Override
  public void close() {
    pool.shutdownNow();
    try {
      if (!pool.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new AssertionError("race threads did not stop within " + TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
