package dev.fenced.arquillian;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A closed-loop load: a fixed number of workers, each on a thread of its own, makes its next call
 * as soon as its last one returned, until the calls of a phase are used up. A warm-up phase, then a
 * measured one whose calls are timed one by one ({@link System#nanoTime()}) and whose wall time
 * gives the throughput. Bounded: the calls are counted, no call starts after the cap on the whole
 * run, and the first call that throws stops every worker and is rethrown.
 */
final class ClosedLoop {

  /** How long the workers may take to stop after the cap: the longest a call may last, and more. */
  private static final Duration GRACE = Duration.ofSeconds(30);

  private ClosedLoop() {}

  /** One call, made by a worker; throws when its answer is wrong. */
  @FunctionalInterface
  interface Call {

    /**
     * Makes the call.
     *
     * @param worker the worker making it, from 0: e.g. the connection it owns
     * @param index the call's number in its phase, from 0
     */
    void make(int worker, int index) throws Exception;
  }

  /**
   * Runs {@code warmup} calls, then {@code measured} timed ones, on {@code workers} threads.
   *
   * @param cap the longest the whole run may take; calls not started by then are not made, so the
   *     samples fall short
   * @return the measured calls' samples
   */
  static Samples run(int workers, int warmup, int measured, Duration cap, Call call)
      throws InterruptedException {
    ExecutorService threads =
        Executors.newFixedThreadPool(
            workers,
            task -> {
              Thread thread = new Thread(task, "fenced-closed-loop");
              thread.setDaemon(true);
              return thread;
            });
    try {
      long deadline = System.nanoTime() + cap.toNanos();
      phase(threads, workers, warmup, deadline, call);
      long start = System.nanoTime();
      long[] latencies = phase(threads, workers, measured, deadline, call);
      return new Samples(latencies, System.nanoTime() - start);
    } finally {
      threads.shutdownNow();
    }
  }

  /** The latencies of the calls made, in nanoseconds, in no order. */
  private static long[] phase(
      ExecutorService threads, int workers, int calls, long deadline, Call call)
      throws InterruptedException {
    AtomicInteger next = new AtomicInteger();
    AtomicBoolean failed = new AtomicBoolean();
    List<Future<long[]>> running = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      int worker = w;
      running.add(
          threads.submit(
              () -> {
                long[] latencies = new long[calls];
                int made = 0;
                for (int i = next.getAndIncrement();
                    i < calls && !failed.get() && System.nanoTime() - deadline < 0;
                    i = next.getAndIncrement()) {
                  long begin = System.nanoTime();
                  try {
                    call.make(worker, i);
                  } catch (Exception | Error e) {
                    failed.set(true);
                    throw e;
                  }
                  latencies[made++] = System.nanoTime() - begin;
                }
                return Arrays.copyOf(latencies, made);
              }));
    }
    long[] all = new long[0];
    for (Future<long[]> worker : running) {
      long[] latencies = joined(worker, deadline);
      int before = all.length;
      all = Arrays.copyOf(all, before + latencies.length);
      System.arraycopy(latencies, 0, all, before, latencies.length);
    }
    return all;
  }

  private static long[] joined(Future<long[]> worker, long deadline) throws InterruptedException {
    try {
      return worker.get(deadline - System.nanoTime() + GRACE.toNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      if (e.getCause() instanceof RuntimeException unchecked) {
        throw unchecked;
      }
      throw new IllegalStateException("a call failed", e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("a worker did not stop " + GRACE + " after the cap", e);
    }
  }

  /**
   * The measured calls of one run.
   *
   * @param latencies each call's latency in nanoseconds, in no order
   * @param wallNanos the wall time of the measured phase
   */
  record Samples(long[] latencies, long wallNanos) {

    Samples {
      latencies = latencies.clone();
      Arrays.sort(latencies);
    }

    /** How many calls were measured. */
    int count() {
      return latencies.length;
    }

    /** Calls per second of wall time. */
    double perSecond() {
      return latencies.length / (wallNanos / 1e9);
    }

    /** The latency at {@code percent} (nearest rank), in milliseconds. */
    double percentileMillis(double percent) {
      if (latencies.length == 0) {
        return Double.NaN;
      }
      int rank = (int) Math.ceil(percent / 100 * latencies.length);
      return latencies[Math.max(rank, 1) - 1] / 1e6;
    }
  }
}
