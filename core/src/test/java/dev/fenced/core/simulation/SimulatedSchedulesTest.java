package dev.fenced.core.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engines against thousands of seeded schedules with faults ({@link Plan}): every run must keep
 * every {@link Invariant}. {@code -Dfenced.simulation.schedules=N} runs N schedules (default
 * {@value #DEFAULT_SCHEDULES}), {@code -Dfenced.simulation.base-seed=S} starts from another seed,
 * {@code -Dfenced.simulation.seed=S} runs that one schedule and prints its history.
 */
class SimulatedSchedulesTest {

  static final int DEFAULT_SCHEDULES = 2000;
  static final long DEFAULT_BASE_SEED = 45_001L;

  // kept: a logger only weakly referenced can be collected, and its level with it
  private static final Logger ENGINE_LOGS = Logger.getLogger("dev.fenced");

  @BeforeAll
  static void silenceTheEnginesWarnings() {
    // every injected fault makes the engines log a WARNING, as they should; thousands of them
    // would drown the build's output
    ENGINE_LOGS.setLevel(Level.OFF);
  }

  @Test
  void every_seeded_schedule_keeps_every_invariant() {
    String one = System.getProperty("fenced.simulation.seed");
    long base = Long.getLong("fenced.simulation.base-seed", DEFAULT_BASE_SEED);
    int schedules =
        one != null ? 1 : Integer.getInteger("fenced.simulation.schedules", DEFAULT_SCHEDULES);
    long started = System.nanoTime();
    long steps = 0;
    Coverage coverage = new Coverage();
    for (int i = 0; i < schedules; i++) {
      long seed = one != null ? Long.parseLong(one) : base + i;
      Run run = Simulation.run(Plan.random(seed, Profile.defaults()), Mutation.NONE);
      steps += run.plan().steps().size();
      coverage.count(run.history());
      if (one != null) {
        System.out.println(run.plan().describe() + "\n" + run.history().text());
      }
      if (!run.violations().isEmpty()) {
        fail(FailureReport.of(run, Shrinker.shrink(run)));
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf(
        "Simulated %d schedules (%d steps) from seed %d in %.1f s: %.0f schedules/s%n",
        schedules, steps, base, seconds, schedules / seconds);
    System.out.println("What they went through:\n" + coverage);
    if (one == null) {
      assertThat(coverage.missing()).as("paths no schedule reached").isEmpty();
    }
  }

  @Test
  void a_schedule_run_twice_from_its_seed_has_the_same_history() {
    for (long seed = 1; seed <= 50; seed++) {
      Plan plan = Plan.random(seed, Profile.defaults());
      String first = Simulation.run(plan, Mutation.NONE).history().text();
      String second =
          Simulation.run(Plan.random(seed, Profile.defaults()), Mutation.NONE).history().text();
      assertThat(second).as("seed %d", seed).isEqualTo(first);
    }
  }
}
