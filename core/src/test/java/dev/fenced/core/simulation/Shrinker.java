package dev.fenced.core.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Makes a failing schedule short: leaves out one step after another, then makes each remaining step
 * simpler (no wait, fewer work steps, shorter pauses, faults and delays), keeping each change after
 * which the run still fails the same way, until no single change helps.
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
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int i = best.plan().steps().size() - 1; i >= 0; i--) {
        Run candidate = Simulation.run(best.plan().without(i), best.mutation());
        if (stillFails.test(candidate)) {
          best = candidate;
          changed = true;
        }
      }
      for (int i = 0; i < best.plan().steps().size(); i++) {
        for (Step simpler : simpler(best.plan().steps().get(i))) {
          Run candidate = Simulation.run(best.plan().with(i, simpler), best.mutation());
          if (stillFails.test(candidate)) {
            best = candidate;
            changed = true;
            break;
          }
        }
      }
    }
    return best;
  }

  /** Simpler forms of {@code step}, each one change away, simplest first. */
  private static List<Step> simpler(Step step) {
    List<Step> forms = new ArrayList<>();
    if (step instanceof Step.HoldLock h) {
      if (h.waitMillis() > 0) {
        forms.add(
            new Step.HoldLock(
                h.atMillis(), h.instance(), h.key(), 0, h.steps(), h.stepMillis(), h.forget()));
      }
      if (h.steps() > 1) {
        forms.add(
            new Step.HoldLock(
                h.atMillis(),
                h.instance(),
                h.key(),
                h.waitMillis(),
                h.steps() / 2,
                h.stepMillis(),
                h.forget()));
      }
    } else if (step instanceof Step.RunIdempotent r) {
      if (r.waitMillis() > 0) {
        forms.add(
            new Step.RunIdempotent(
                r.atMillis(), r.instance(), r.key(), 0, r.workMillis(), r.fails()));
      }
      if (r.workMillis() > 100) {
        forms.add(
            new Step.RunIdempotent(
                r.atMillis(),
                r.instance(),
                r.key(),
                r.waitMillis(),
                r.workMillis() / 2,
                r.fails()));
      }
    } else if (step instanceof Step.Pause p && p.millis() > 100) {
      forms.add(new Step.Pause(p.atMillis(), p.instance(), p.millis() / 2));
    } else if (step instanceof Step.StoreFault f) {
      if (f.millis() > 100) {
        forms.add(
            new Step.StoreFault(
                f.atMillis(), f.instance(), f.millis() / 2, f.mode(), f.delayMillis()));
      }
      if (f.delayMillis() > 100) {
        forms.add(
            new Step.StoreFault(
                f.atMillis(), f.instance(), f.millis(), f.mode(), f.delayMillis() / 2));
      }
    } else if (step instanceof Step.ClockRate c && c.millis() > 100) {
      forms.add(new Step.ClockRate(c.atMillis(), c.millis() / 2, c.permille()));
    }
    return forms;
  }
}
