package dev.fenced.core.simulation;

import java.util.stream.Collectors;

/** What a failing schedule prints: its seed, how to replay it, and its shrunk form. */
final class FailureReport {

  private static final int SHOWN_VIOLATIONS = 8;

  private FailureReport() {}

  private static String replay(Run failing, String seed) {
    if (failing.mutation() == Mutation.NONE
        && failing.plan().profile().equals(Profile.defaults())) {
      return "Replay it: ./mvnw -pl core verify -Dtest=SimulatedSchedulesTest"
          + " -Dfenced.simulation.seed="
          + seed;
    }
    return "Found by SimulationFindsMutationsTest (" + failing.plan().profile() + ")";
  }

  static String of(Run failing, Run shrunk) {
    return of(failing, shrunk, failing.violations().get(0).invariant());
  }

  /** The report of {@code failing}, shrunk while it broke {@code broken}. */
  static String of(Run failing, Run shrunk, Invariant broken) {
    String seed = Long.toString(failing.plan().seed());
    return "A simulated schedule broke "
        + broken
        + " (seed "
        + seed
        + ", mutation "
        + failing.mutation()
        + ").\n"
        + replay(failing, seed)
        + "\nShrunk from "
        + failing.plan().steps().size()
        + " to "
        + shrunk.plan().steps().size()
        + " steps:\n"
        + shrunk.plan().describe()
        + "\nBroken:\n"
        + shrunk.violations().stream()
            .limit(SHOWN_VIOLATIONS)
            .map(v -> "  " + v)
            .collect(Collectors.joining("\n"))
        + (shrunk.violations().size() > SHOWN_VIOLATIONS
            ? "\n  and " + (shrunk.violations().size() - SHOWN_VIOLATIONS) + " more"
            : "")
        + "\nHistory of the shrunk schedule:\n"
        + shrunk.history().text();
  }
}
