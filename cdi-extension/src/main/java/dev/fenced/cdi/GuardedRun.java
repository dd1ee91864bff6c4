package dev.fenced.cdi;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * One call of a guarded job's method, timed: what {@code JobRan} reports once the guards let it
 * through and it returned or threw. Used on the job's thread only.
 */
final class GuardedRun implements Callable<Object> {

  /** How a run ended: how long it took, and the class of what it threw, if it threw. */
  record Ended(Duration duration, Optional<String> failure) {}

  private final Callable<Object> method;
  private Ended ended;

  GuardedRun(Callable<Object> method) {
    this.method = method;
  }

  @Override
  public Object call() throws Exception {
    long start = System.nanoTime();
    try {
      Object value = method.call();
      ended = new Ended(Duration.ofNanos(System.nanoTime() - start), Optional.empty());
      return value;
    } catch (Exception | Error e) {
      ended =
          new Ended(
              Duration.ofNanos(System.nanoTime() - start), Optional.of(e.getClass().getName()));
      throw e;
    }
  }

  /**
   * How the run ended.
   *
   * @return empty when the method was never called (the job was skipped)
   */
  Optional<Ended> ended() {
    return Optional.ofNullable(ended);
  }
}
