package dev.fenced.cdi;

/** Which of a job's two guards an interceptor runs. */
enum JobStages {
  /** {@code @OnOneInstance}: the sticky lease, outermost. */
  ONE_INSTANCE,
  /** {@code @WithoutOverlapping}: the run lock, inside the lease. */
  WITHOUT_OVERLAPPING
}
