package dev.fenced.core.simulation;

import dev.fenced.core.simulation.Step.FaultMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * A schedule to simulate: what the callers do and which faults strike, each at its moment. Drawn
 * from a seed, so the seed alone replays it; shrunk by leaving steps out.
 *
 * @param seed the seed it was drawn from
 * @param profile its shape
 * @param steps in order of their moment
 */
record Plan(long seed, Profile profile, List<Step> steps) {

  Plan {
    steps = steps.stream().sorted(Comparator.comparingLong(Step::atMillis)).toList();
  }

  /** Draws a plan: 8 to 23 calls and 1 to 9 faults, spread over the profile's horizon. */
  static Plan random(long seed, Profile profile) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Step> steps = new ArrayList<>();
    long horizon = profile.horizonMillis();
    long ttl = profile.ttl().toMillis();
    int calls = 8 + random.nextInt(16);
    for (int i = 0; i < calls; i++) {
      long at = random.nextLong(horizon);
      int instance = random.nextInt(profile.instances());
      if (random.nextBoolean()) {
        steps.add(
            new Step.HoldLock(
                at,
                instance,
                key(random, profile.lockKeys()),
                waitMillis(random, ttl),
                1 + random.nextInt(10),
                100 + random.nextLong(ttl / 2),
                random.nextInt(20) == 0));
      } else {
        steps.add(
            new Step.RunIdempotent(
                at,
                instance,
                key(random, profile.claimKeys()),
                waitMillis(random, ttl),
                50 + random.nextLong(ttl + ttl / 2),
                random.nextInt(7) == 0));
      }
    }
    int faults = 1 + random.nextInt(9);
    int clockSteps = 0;
    for (int i = 0; i < faults; i++) {
      long at = random.nextLong(horizon);
      int instance = random.nextInt(profile.instances());
      switch (random.nextInt(6)) {
        case 0 -> steps.add(new Step.Pause(at, instance, 200 + random.nextLong(2 * ttl)));
        case 1 -> steps.add(new Step.Crash(at, instance, 1 + random.nextLong(ttl)));
        case 2, 3 -> {
          FaultMode mode = FaultMode.values()[random.nextInt(FaultMode.values().length)];
          long delay =
              mode == FaultMode.HANG_RENEWALS
                  ? ttl / 2 + random.nextLong(2 * ttl)
                  : 10 + random.nextLong(2 * ttl);
          steps.add(new Step.StoreFault(at, instance, 100 + random.nextLong(2 * ttl), mode, delay));
        }
        case 4 -> {
          if (clockSteps++ < 2) {
            steps.add(new Step.ClockStep(at, 1 + random.nextLong(profile.longestStepMillis())));
          }
        }
        default ->
            steps.add(
                new Step.ClockRate(
                    at,
                    500 + random.nextLong(3 * ttl),
                    1001 + random.nextLong(profile.fastestStoreClockPermille() - 1000)));
      }
    }
    return new Plan(seed, profile, steps);
  }

  /** One call in three waits for the key, up to two ttls. */
  private static long waitMillis(SplittableRandom random, long ttl) {
    return random.nextInt(3) == 0 ? 100 + random.nextLong(2 * ttl) : 0;
  }

  /** Key 0 three times in four: contention is where the engines are tested. */
  private static int key(SplittableRandom random, int keys) {
    return keys == 1 || random.nextInt(4) > 0 ? 0 : 1 + random.nextInt(keys - 1);
  }

  /** This plan without its step at {@code index}. */
  Plan without(int index) {
    List<Step> fewer = new ArrayList<>(steps);
    fewer.remove(index);
    return new Plan(seed, profile, fewer);
  }

  /** This plan with {@code step} in place of its step at {@code index}. */
  Plan with(int index, Step step) {
    List<Step> changed = new ArrayList<>(steps);
    changed.set(index, step);
    return new Plan(seed, profile, changed);
  }

  /** The plan as text, one step a line. */
  String describe() {
    return steps.stream()
        .map(s -> String.format("  at %6d ms: %s", s.atMillis(), s.describe()))
        .collect(Collectors.joining("\n"));
  }
}
