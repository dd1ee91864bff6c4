package dev.fenced.core.simulation;

/**
 * Unwinds a simulated thread whose instance crashed while it waited (for a store's answer, in a
 * sleep): an {@link Error}, so that no engine code catches it as a store failure and goes on.
 */
final class InstanceCrashed extends Error {

  private static final long serialVersionUID = 1L;

  InstanceCrashed() {
    super("the simulated instance crashed", null, false, false);
  }
}
