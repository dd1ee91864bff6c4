package dev.fenced.core.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
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

  /** The batch of this build, run once for the tests that read it. */
  private static Batch batch;

  /** What one batch of schedules found. */
  private record Batch(boolean single, Optional<Run> failing, Coverage coverage) {}

  private static synchronized Batch batch() {
    if (batch != null) {
      return batch;
    }
    String one = System.getProperty("fenced.simulation.seed");
    long base = Long.getLong("fenced.simulation.base-seed", DEFAULT_BASE_SEED);
    int schedules =
        one != null ? 1 : Integer.getInteger("fenced.simulation.schedules", DEFAULT_SCHEDULES);
    long started = System.nanoTime();
    long steps = 0;
    Coverage coverage = new Coverage();
    Optional<Run> failing = Optional.empty();
    for (int i = 0; i < schedules && failing.isEmpty(); i++) {
      long seed = one != null ? Long.parseLong(one) : base + i;
      Run run = Simulation.run(Plan.random(seed, Profile.defaults()), Mutation.NONE);
      steps += run.plan().steps().size();
      coverage.count(run.history());
      if (one != null) {
        System.out.println(run.plan().describe() + "\n" + run.history().text());
      }
      if (!run.violations().isEmpty()) {
        failing = Optional.of(run);
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf(
        "Simulated %d schedules (%d steps) from seed %d in %.1f s: %.0f schedules/s%n",
        schedules, steps, one != null ? Long.parseLong(one) : base, seconds, schedules / seconds);
    System.out.println("What they went through:\n" + coverage);
    batch = new Batch(one != null, failing, coverage);
    return batch;
  }

  @Test
  void every_seeded_schedule_keeps_every_invariant() {
    batch().failing().ifPresent(run -> fail(FailureReport.of(run, Shrinker.shrink(run))));
  }

  @Test
  void the_schedules_reach_every_fault_and_every_answer_of_the_engines() {
    assumeFalse(batch().single(), "one replayed schedule need not reach every path");
    assumeTrue(batch().failing().isEmpty(), "the batch stopped at its first failing schedule");
    assertThat(batch().coverage().missing()).as("paths no schedule reached").isEmpty();
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
