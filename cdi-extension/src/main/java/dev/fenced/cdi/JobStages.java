package dev.fenced.cdi;

/** Which of a job's two guards an interceptor runs. */
enum JobStages {
  /** {@code @OnOneInstance}: the sticky lease, outermost. */
  ONE_INSTANCE("@OnOneInstance"),
  /** {@code @WithoutOverlapping}: the run lock, inside the lease. */
  WITHOUT_OVERLAPPING("@WithoutOverlapping");

  private final String binding;

  JobStages(String binding) {
    this.binding = binding;
  }

  /** The interceptor binding, as messages name it. */
  String binding() {
    return binding;
  }
}
