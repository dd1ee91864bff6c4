package dev.fenced.locks;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * CDI event fired when an {@link OnOneInstance} or {@link WithoutOverlapping} job ran on this
 * instance, once its guards let it through and it returned or threw, after its locks were handled.
 * Observers run on the job's thread; what they throw is logged and does not reach the scheduler.
 *
 * @param job the job method, {@code com.example.Billing.nightly}
 * @param duration how long the method ran
 * @param failure the class of what it threw, or empty when it returned
 */
public record JobRan(String job, Duration duration, Optional<String> failure) {

  /**
   * Validates the components.
   *
   * @param job never {@code null}
   * @param duration never {@code null}
   * @param failure never {@code null}
   */
  public JobRan {
    Objects.requireNonNull(job, "job");
    Objects.requireNonNull(duration, "duration");
    Objects.requireNonNull(failure, "failure");
  }
}
