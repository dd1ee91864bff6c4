package dev.fenced.core.simulation;

/**
 * An invariant a run broke, and how.
 *
 * @param invariant the invariant
 * @param detail who, what and when
 */
record Violation(Invariant invariant, String detail) {
  @Override
  public String toString() {
    return invariant + ": " + detail;
  }
}
