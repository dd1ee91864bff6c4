package dev.fenced.core.jobs;

import java.util.concurrent.Callable;

/** One guard around a job's run: it runs the work under its lock, or skips it. */
@FunctionalInterface
public interface JobStage {

  /**
   * Runs the job once, or skips it.
   *
   * @param work the job's run (or the next guard's)
   * @param <T> the result type
   * @return whether it ran and what it returned
   * @throws Exception what {@code work} threw; a lock lost while it ran may turn its {@code
   *     InterruptedException} into a {@code LockLostException}
   */
  <T> JobOutcome<T> run(Callable<T> work) throws Exception;
}
