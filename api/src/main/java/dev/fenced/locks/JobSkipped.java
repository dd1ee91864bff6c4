package dev.fenced.locks;

import java.util.Objects;

/**
 * CDI event fired when a firing of an {@link OnOneInstance} or {@link WithoutOverlapping} job did
 * not run it, on the instance that skipped it, after the skip: why tonight's job did not run here.
 * Observers run on the job's thread; what they throw is logged and does not reach the scheduler.
 *
 * @param job the job method, {@code com.example.Billing.nightly}
 * @param reason why it did not run
 */
public record JobSkipped(String job, SkipReason reason) {

  /**
   * Validates the components.
   *
   * @param job never {@code null}
   * @param reason never {@code null}
   */
  public JobSkipped {
    Objects.requireNonNull(job, "job");
    Objects.requireNonNull(reason, "reason");
  }
}
