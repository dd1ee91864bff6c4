package dev.fenced.graphql;

import java.util.Optional;

/**
 * The operation the current thread runs, set by {@link GraphqlEndpointFilter} around the GraphQL
 * endpoint: both servers run a request's blocking fields on the thread that serves it.
 */
final class CurrentOperation {

  private static final ThreadLocal<RunningOperation> CURRENT = new ThreadLocal<>();

  private CurrentOperation() {}

  /**
   * The operation of this thread's request.
   *
   * @return it, or empty outside a GraphQL request the filter read
   */
  static Optional<RunningOperation> get() {
    return Optional.ofNullable(CURRENT.get());
  }

  /**
   * Runs {@code work} with {@code operation} as this thread's operation.
   *
   * @param operation the operation
   * @param work what runs it
   * @throws Exception what {@code work} throws
   */
  static void runWith(RunningOperation operation, Work work) throws Exception {
    RunningOperation before = CURRENT.get();
    CURRENT.set(operation);
    try {
      work.run();
    } finally {
      if (before == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(before);
      }
    }
  }

  /** What runs with an operation. */
  @FunctionalInterface
  interface Work {
    /**
     * Runs.
     *
     * @throws Exception anything
     */
    void run() throws Exception;
  }
}
