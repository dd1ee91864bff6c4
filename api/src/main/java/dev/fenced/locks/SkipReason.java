package dev.fenced.locks;

/**
 * Why a run of an {@link OnOneInstance} or {@link WithoutOverlapping} job was skipped, as {@link
 * JobSkipped} reports it.
 */
public enum SkipReason {
  /** Another instance holds the job's one-instance lease ({@code <key>:owner}). */
  NOT_OWNER("another instance owns the job"),
  /**
   * A run of the job holds its run lock, on this instance or another: it is still in progress, or
   * it ended within its {@link WithoutOverlapping#lockAtLeastFor()}.
   */
  RUN_LOCK_HELD("a run of the job is still in progress or within its lockAtLeastFor"),
  /** The lock store could not be reached or failed: the job never runs unguarded. */
  STORE_UNAVAILABLE("the lock store is unavailable"),
  /** The application is stopping and admits no new runs. */
  SHUTTING_DOWN("the application is stopping");

  private final String description;

  SkipReason(String description) {
    this.description = description;
  }

  /**
   * The reason as log lines give it.
   *
   * @return e.g. {@code another instance owns the job}
   */
  public String description() {
    return description;
  }
}
