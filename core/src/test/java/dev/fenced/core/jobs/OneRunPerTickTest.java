package dev.fenced.core.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two instances share one in-memory store on manual time and run the same
 * {@code @OnOneInstance @WithoutOverlapping} job every tick, as two servers' identical timers do.
 */
class OneRunPerTickTest {

  private static final Duration TTL = Duration.ofSeconds(30);
  private static final Duration TICK = Duration.ofSeconds(1);

  private final ManualTime time = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);
  private final Instance a = new Instance("a", store, time, TTL, true, true);
  private final Instance b = new Instance("b", store, time, TTL, true, true);

  private record Run(int tick, String instance, long token) {}

  private final List<Run> runs = new ArrayList<>();

  @Test
  void each_of_a_hundred_ticks_runs_exactly_once_across_both_instances() throws Exception {
    for (int tick = 1; tick <= 100; tick++) {
      tickBoth(tick);
    }

    assertThat(runs).hasSize(100);
    assertThat(runs).extracting(Run::tick).doesNotHaveDuplicates();
  }

  @Test
  void the_first_instance_to_fire_keeps_the_job() throws Exception {
    for (int tick = 1; tick <= 100; tick++) {
      tickBoth(tick);
    }

    assertThat(runs).extracting(Run::instance).containsOnly("a");
    assertThat(a.ownsTheJob()).isTrue();
    assertThat(b.ownsTheJob()).isFalse();
  }

  @Test
  void fencing_tokens_strictly_increase_from_run_to_run() throws Exception {
    for (int tick = 1; tick <= 100; tick++) {
      tickBoth(tick);
    }

    assertThat(runs).extracting(Run::token).isSorted().doesNotHaveDuplicates();
  }

  @Test
  void the_lease_outlives_quiet_periods_many_ttls_long() throws Exception {
    tickBoth(1);

    time.advance(TTL.multipliedBy(10));
    tickBoth(2);

    assertThat(runs).extracting(Run::instance).containsExactly("a", "a");
    assertThat(a.losses).isEmpty();
  }

  @Test
  void the_other_instance_owns_the_job_within_ttl_and_a_tick_after_the_owner_loses_the_store()
      throws Exception {
    for (int tick = 1; tick <= 50; tick++) {
      tickBoth(tick);
    }
    Duration frozenAt = time.elapsed();
    a.link.down(true); // a can neither renew nor run

    int tick = 51;
    while (runs.get(runs.size() - 1).instance().equals("a") && tick <= 100) {
      tickBoth(tick++);
    }

    Run takeover = runs.get(runs.size() - 1);
    assertThat(takeover.instance()).isEqualTo("b");
    assertThat(time.elapsed().minus(frozenAt)).isLessThanOrEqualTo(TTL.plus(TICK));
    assertThat(b.ownsTheJob()).isTrue();
  }

  @Test
  void after_a_takeover_every_tick_still_runs_once_and_tokens_keep_increasing() throws Exception {
    for (int tick = 1; tick <= 30; tick++) {
      tickBoth(tick);
    }
    a.link.down(true);
    for (int tick = 31; tick <= 100; tick++) {
      tickBoth(tick);
    }

    assertThat(runs).extracting(Run::tick).doesNotHaveDuplicates();
    assertThat(runs).extracting(Run::token).isSorted().doesNotHaveDuplicates();
    assertThat(runs.get(runs.size() - 1).instance()).isEqualTo("b");
    // the gap: a cannot run, b cannot take the lease before it expires
    assertThat(runs.size()).isGreaterThanOrEqualTo(100 - (int) TTL.toSeconds() - 1);
  }

  @Test
  void the_owner_that_comes_back_after_a_takeover_stays_skipped() throws Exception {
    for (int tick = 1; tick <= 10; tick++) {
      tickBoth(tick);
    }
    a.link.down(true);
    for (int tick = 11; tick <= 60; tick++) {
      tickBoth(tick);
    }
    a.link.down(false);
    int before = runs.size();

    for (int tick = 61; tick <= 100; tick++) {
      tickBoth(tick);
    }

    assertThat(runs.subList(before, runs.size())).extracting(Run::instance).containsOnly("b");
    assertThat(runs).extracting(Run::tick).doesNotHaveDuplicates();
    assertThat(a.losses).isNotEmpty();
  }

  private void tickBoth(int tick) throws Exception {
    time.advance(TICK);
    // alternate who runs first, as two servers' timers do
    List<Instance> order = tick % 2 == 1 ? List.of(a, b) : List.of(b, a);
    for (Instance instance : order) {
      JobOutcome<Long> outcome = instance.run();
      if (outcome instanceof JobOutcome.Ran<Long> ran) {
        runs.add(new Run(tick, instance.name, ran.value()));
      }
    }
  }
}
