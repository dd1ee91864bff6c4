package dev.fenced.core.simulation;

/**
 * Makes a failing schedule short: leaves out one step after another, keeping each removal after
 * which the run still breaks the same invariant, until no single step can go.
 */
final class Shrinker {

  private Shrinker() {}

  static Run shrink(Run failing) {
    Invariant broken = failing.violations().get(0).invariant();
    Run best = failing;
    boolean shorter = true;
    while (shorter) {
      shorter = false;
      for (int i = best.plan().steps().size() - 1; i >= 0; i--) {
        if (i >= best.plan().steps().size()) {
          continue;
        }
        Run candidate = Simulation.run(best.plan().without(i), best.mutation());
        if (candidate.broke(broken)) {
          best = candidate;
          shorter = true;
        }
      }
    }
    return best;
  }
}
