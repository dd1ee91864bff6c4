package dev.fenced.core.simulation;

import java.util.function.Predicate;

/**
 * Makes a failing schedule short: leaves out one step after another, keeping each removal after
 * which the run still breaks the same invariant, until no single step can go.
 */
final class Shrinker {

  private Shrinker() {}

  /** Shrinks {@code failing} while it breaks the first invariant it broke. */
  static Run shrink(Run failing) {
    return shrink(failing, failing.violations().get(0).invariant());
  }

  /** Shrinks {@code failing} while it breaks {@code broken}. */
  static Run shrink(Run failing, Invariant broken) {
    return shrink(failing, run -> run.broke(broken));
  }

  /** Shrinks {@code failing} while {@code stillFails} holds. */
  static Run shrink(Run failing, Predicate<Run> stillFails) {
    Run best = failing;
    boolean shorter = true;
    while (shorter) {
      shorter = false;
      for (int i = best.plan().steps().size() - 1; i >= 0; i--) {
        if (i >= best.plan().steps().size()) {
          continue;
        }
        Run candidate = Simulation.run(best.plan().without(i), best.mutation());
        if (stillFails.test(candidate)) {
          best = candidate;
          shorter = true;
        }
      }
    }
    return best;
  }
}
