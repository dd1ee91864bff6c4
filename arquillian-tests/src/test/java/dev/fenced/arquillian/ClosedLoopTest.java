package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** {@link ClosedLoop} with calls that do nothing, or fail. */
class ClosedLoopTest {

  private static final Duration CAP = Duration.ofSeconds(30);

  @Test
  void each_call_of_a_phase_is_made_once_and_only_the_measured_ones_are_sampled() throws Exception {
    Set<Integer> measured = ConcurrentHashMap.newKeySet();
    AtomicInteger calls = new AtomicInteger();

    ClosedLoop.Samples samples =
        ClosedLoop.run(
            3,
            5,
            20,
            CAP,
            (worker, index) -> {
              assertThat(worker).isBetween(0, 2);
              if (calls.incrementAndGet() > 5) {
                measured.add(index);
              }
            });

    assertThat(calls).hasValue(25);
    assertThat(samples.count()).isEqualTo(20);
    assertThat(measured).hasSize(20).allSatisfy(index -> assertThat(index).isBetween(0, 19));
    assertThat(samples.perSecond()).isPositive();
  }

  @Test
  void the_first_failing_call_stops_the_run_and_is_rethrown() {
    AtomicInteger calls = new AtomicInteger();

    assertThatThrownBy(
            () ->
                ClosedLoop.run(
                    2,
                    0,
                    1000,
                    CAP,
                    (worker, index) -> {
                      calls.incrementAndGet();
                      if (index == 7) {
                        throw new AssertionError("wrong answer");
                      }
                      // the calls after it take a while, so the other worker cannot finish the
                      // run before it sees the failure
                      LockSupport.parkNanos(1_000_000);
                    }))
        .isInstanceOf(AssertionError.class)
        .hasMessage("wrong answer");
    assertThat(calls.get()).isLessThan(1000);
  }

  @Test
  void no_call_starts_after_the_cap() throws Exception {
    ClosedLoop.Samples samples = ClosedLoop.run(2, 10, 10, Duration.ZERO, (worker, index) -> {});

    assertThat(samples.count()).isZero();
  }

  @Test
  void percentiles_are_nearest_ranks_in_milliseconds() {
    long[] latencies = new long[100];
    for (int i = 0; i < latencies.length; i++) {
      latencies[i] = (100 - i) * 1_000_000L;
    }

    ClosedLoop.Samples samples = new ClosedLoop.Samples(latencies, 2_000_000_000L);

    assertThat(samples.percentileMillis(50)).isEqualTo(50.0);
    assertThat(samples.percentileMillis(99)).isEqualTo(99.0);
    assertThat(samples.perSecond()).isEqualTo(50.0);
  }
}
