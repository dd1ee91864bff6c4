package dev.fenced.core.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.DetectedBy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The owner freezes (a long GC pause, a suspended VM): its scheduler stops, so it neither renews
 * nor runs, while the store's clock and the other instance go on.
 */
class PausedOwnerTest {

  private static final Duration TTL = Duration.ofSeconds(30);
  private static final Duration TICK = Duration.ofSeconds(1);

  private final ManualTime world = new ManualTime();
  private final ManualTime ownerTime = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(world::nanoTime);
  private final Instance owner = new Instance("owner", store, ownerTime, TTL, true, true);
  private final Instance other = new Instance("other", store, world, TTL, true, true);
  private final List<String> runs = new ArrayList<>();

  @Test
  void the_other_instance_owns_the_job_within_ttl_and_one_tick_of_the_freeze() throws Exception {
    for (int tick = 1; tick <= 20; tick++) {
      tick(true);
    }
    assertThat(runs).containsOnly("owner");
    Duration frozenAt = world.elapsed();

    while (!other.ownsTheJob()
        && world.elapsed().minus(frozenAt).compareTo(TTL.multipliedBy(2)) < 0) {
      tick(false);
    }

    assertThat(other.ownsTheJob()).isTrue();
    assertThat(world.elapsed().minus(frozenAt)).isLessThanOrEqualTo(TTL.plus(TICK));
    assertThat(runs.get(runs.size() - 1)).isEqualTo("other");
  }

  @Test
  void the_owner_waking_up_finds_its_lease_lost_and_does_not_run() throws Exception {
    for (int tick = 1; tick <= 20; tick++) {
      tick(true);
    }
    for (int tick = 1; tick <= 40; tick++) {
      tick(false);
    }
    int before = runs.size();

    ownerTime.advance(world.elapsed().minus(ownerTime.elapsed())); // the pause ends
    for (int tick = 1; tick <= 20; tick++) {
      tick(true);
    }

    assertThat(owner.losses)
        .singleElement()
        .satisfies(loss -> assertThat(loss.detectedBy()).isIn(DetectedBy.values()));
    assertThat(runs.subList(before, runs.size())).containsOnly("other").hasSize(20);
  }

  private void tick(boolean ownerAwake) throws Exception {
    world.advance(TICK);
    if (ownerAwake) {
      ownerTime.advance(TICK);
      if (owner.run().hasRun()) {
        runs.add("owner");
      }
    }
    if (other.run().hasRun()) {
      runs.add("other");
    }
  }
}
