package dev.fenced.cdi;

/**
 * Which of a job's two interceptor bindings an interceptor serves, and so which of the job's guards
 * it runs (core's {@code JobStage}s).
 */
enum JobBinding {
  /** {@code @OnOneInstance}: the sticky lease, outermost. */
  ONE_INSTANCE("@OnOneInstance"),
  /** {@code @WithoutOverlapping}: the run lock, inside the lease. */
  WITHOUT_OVERLAPPING("@WithoutOverlapping");

  private final String annotation;

  JobBinding(String annotation) {
    this.annotation = annotation;
  }

  /** The interceptor binding, as messages name it. */
  String annotation() {
    return annotation;
  }
}
