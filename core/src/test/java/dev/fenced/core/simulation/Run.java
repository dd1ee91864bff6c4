package dev.fenced.core.simulation;

import java.util.List;

/**
 * One simulated run: its plan, what happened, and what it broke.
 *
 * @param plan the plan run
 * @param mutation how the engines were broken, if at all
 * @param history what happened
 * @param violations the invariants broken, empty when none
 */
record Run(Plan plan, Mutation mutation, History history, List<Violation> violations) {

  boolean broke(Invariant invariant) {
    return violations.stream().anyMatch(v -> v.invariant() == invariant);
  }

  /** Whether it broke {@code invariant} in a way whose detail contains {@code detailPart}. */
  boolean broke(Invariant invariant, String detailPart) {
    return violations.stream()
        .anyMatch(v -> v.invariant() == invariant && v.detail().contains(detailPart));
  }
}
