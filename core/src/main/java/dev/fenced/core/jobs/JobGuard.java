package dev.fenced.core.jobs;

import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Both guards of one job, in their order: the one-instance lease first, then the run lock. The CDI
 * layer runs the same two stages from two interceptors (whose priorities give this order); this
 * class composes them for callers without interceptors.
 */
public final class JobGuard implements JobStage {

  private final Optional<OneInstanceLease> lease;
  private final Optional<RunLock> runLock;

  /**
   * Creates the guard of a job.
   *
   * @param lease the {@code @OnOneInstance} stage, if the job has one
   * @param runLock the {@code @WithoutOverlapping} stage, if the job has one
   */
  public JobGuard(Optional<OneInstanceLease> lease, Optional<RunLock> runLock) {
    if (lease.isEmpty() && runLock.isEmpty()) {
      throw new IllegalArgumentException("A job guard needs a lease, a run lock or both");
    }
    this.lease = lease;
    this.runLock = runLock;
  }

  /**
   * The one-instance stage.
   *
   * @return the stage, or empty when the job is not {@code @OnOneInstance}
   */
  public Optional<OneInstanceLease> lease() {
    return lease;
  }

  /**
   * The run-lock stage.
   *
   * @return the stage, or empty when the job is not {@code @WithoutOverlapping}
   */
  public Optional<RunLock> runLock() {
    return runLock;
  }

  @Override
  public <T> JobOutcome<T> run(Callable<T> work) throws Exception {
    if (lease.isEmpty()) {
      return runLock.get().run(work);
    }
    if (runLock.isEmpty()) {
      return lease.get().run(work);
    }
    JobOutcome<JobOutcome<T>> outer = lease.get().run(() -> runLock.get().run(work));
    if (outer instanceof JobOutcome.Ran<JobOutcome<T>> ran) {
      return ran.value();
    }
    return ((JobOutcome.Skipped<JobOutcome<T>>) outer).retype();
  }

  /** Releases the sticky lease, if held (shutdown). */
  public void release() {
    lease.ifPresent(OneInstanceLease::release);
  }
}
