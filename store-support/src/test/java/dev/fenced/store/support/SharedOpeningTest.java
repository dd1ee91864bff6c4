package dev.fenced.store.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A store's first open: callers that arrive while an open is in flight share it, so during an
 * outage at first use the k-th caller does not wait for k failed opens.
 */
class SharedOpeningTest {

  private static final int CALLERS = 8;
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final AtomicInteger opens = new AtomicInteger();
  private final CountDownLatch outageEnds = new CountDownLatch(1);
  private final SharedOpening<String> opening =
      new SharedOpening<>(
          () -> {
            opens.incrementAndGet();
            try {
              outageEnds.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("the database cannot be reached");
          });

  @Test
  void callers_during_an_open_in_flight_share_its_failure_instead_of_queueing_for_their_own()
      throws Exception {
    ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
    try {
      List<Future<String>> calls = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        calls.add(callers.submit((Callable<String>) this::failure));
      }
      awaitAllWaiting();
      outageEnds.countDown();

      for (Future<String> call : calls) {
        assertThat(call.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
            .isEqualTo("the database cannot be reached");
      }
      assertThat(opens).as("opens for " + CALLERS + " callers").hasValue(1);
    } finally {
      callers.shutdownNow();
    }
  }

  @Test
  void the_next_caller_after_a_failed_open_opens_again_and_a_success_is_kept() {
    outageEnds.countDown();
    AtomicInteger tries = new AtomicInteger();
    SharedOpening<String> flaky =
        new SharedOpening<>(
            () -> {
              if (tries.incrementAndGet() == 1) {
                throw new IllegalStateException("down");
              }
              return "store";
            });

    assertThat(failure(flaky)).isEqualTo("down");
    assertThat(flaky.get()).isEqualTo("store");
    assertThat(flaky.get()).isEqualTo("store");
    assertThat(tries).hasValue(2);
  }

  private String failure() {
    return failure(opening);
  }

  private static String failure(SharedOpening<String> opening) {
    try {
      return "opened: " + opening.get();
    } catch (IllegalStateException e) {
      return e.getMessage();
    }
  }

  /** Waits until the one open and every other caller are parked: nobody is about to open. */
  private void awaitAllWaiting() throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (opens.get() < 1 || waitingThreads() < CALLERS) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the callers did not all wait: opens " + opens);
      }
      Thread.sleep(10);
    }
  }

  private static long waitingThreads() {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getName().startsWith("pool-"))
        .filter(
            e ->
                e.getKey().getState() == Thread.State.WAITING
                    || e.getKey().getState() == Thread.State.TIMED_WAITING)
        .filter(
            e ->
                List.of(e.getValue()).stream()
                    .anyMatch(f -> f.getClassName().equals(SharedOpening.class.getName())))
        .count();
  }
}
