package dev.fenced.tck.locks.lockatleastfor;

import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Jobs that end at once, as a short timer job does: two with a minimum hold of {@value #HOLD} (one
 * ends normally, one by throwing) and one without. Each counts its runs by the caller's tag; a
 * skipped call returns {@code false}.
 */
@ApplicationScoped
public class ShortJobs {

  /** The minimum hold of {@link #held} and {@link #failing}. */
  public static final String HOLD = "3s";

  @Inject Invocations invocations;

  /**
   * Counts a run and returns.
   *
   * @param tag what the run counts under
   * @return {@code true}: it ran
   */
  @WithoutOverlapping(key = "tck:lock-at-least-for:held", lockAtLeastFor = HOLD)
  public boolean held(String tag) {
    invocations.increment(tag);
    return true;
  }

  /**
   * Counts a run and throws.
   *
   * @param tag what the run counts under
   * @return never: a run throws, a skipped call returns {@code false}
   */
  @WithoutOverlapping(key = "tck:lock-at-least-for:failing", lockAtLeastFor = HOLD)
  public boolean failing(String tag) {
    invocations.increment(tag);
    throw new IllegalStateException("failing run of " + tag);
  }

  /**
   * Counts a run and returns, without a minimum hold.
   *
   * @param tag what the run counts under
   * @return {@code true}: it ran
   */
  @WithoutOverlapping(key = "tck:lock-at-least-for:plain")
  public boolean plain(String tag) {
    invocations.increment(tag);
    return true;
  }
}
