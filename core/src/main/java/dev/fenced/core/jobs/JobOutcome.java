package dev.fenced.core.jobs;

import dev.fenced.locks.SkipReason;
import java.util.Objects;

/**
 * What one run of a guarded job did: it ran (and returned a value), or it was skipped.
 *
 * @param <T> the job's result type
 */
public sealed interface JobOutcome<T> {

  /**
   * The job ran.
   *
   * @param value what it returned, {@code null} for {@code void}
   * @param <T> the result type
   * @return the outcome
   */
  static <T> JobOutcome<T> ran(T value) {
    return new Ran<>(value);
  }

  /**
   * The job did not run.
   *
   * @param reason why
   * @param <T> the result type
   * @return the outcome
   */
  static <T> JobOutcome<T> skipped(SkipReason reason) {
    return new Skipped<>(reason);
  }

  /**
   * Whether the job ran.
   *
   * @return {@code true} for {@link Ran}
   */
  default boolean hasRun() {
    return this instanceof Ran;
  }

  /**
   * The job ran.
   *
   * @param value what it returned
   * @param <T> the result type
   */
  record Ran<T>(T value) implements JobOutcome<T> {}

  /**
   * The job was skipped.
   *
   * @param reason why
   * @param <T> the result type
   */
  record Skipped<T>(SkipReason reason) implements JobOutcome<T> {

    /**
     * Validates the reason.
     *
     * @param reason never {@code null}
     */
    public Skipped {
      Objects.requireNonNull(reason, "reason");
    }

    /**
     * This skip as the outcome of a job of another result type.
     *
     * @param <U> the other result type
     * @return a skip with the same reason
     */
    public <U> Skipped<U> retype() {
      return new Skipped<>(reason);
    }
  }
}
