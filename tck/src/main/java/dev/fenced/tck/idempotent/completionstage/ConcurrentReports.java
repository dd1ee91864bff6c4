package dev.fenced.tck.idempotent.completionstage;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;

/**
 * Builds reports on a managed thread: Jakarta Concurrency's {@code @Asynchronous} runs the method,
 * with Fenced's interceptor, there, and completes the caller's future as the returned one does.
 */
@ApplicationScoped
public class ConcurrentReports {

  @Inject Invocations invocations;

  /**
   * Builds a report once per key, on a managed thread.
   *
   * @param reportId the key, also the counter
   * @return the report, later
   */
  @Idempotent
  @Asynchronous
  public CompletableFuture<Report> build(@IdempotencyKey String reportId) {
    return CompletableFuture.completedFuture(new Report(reportId, invocations.increment(reportId)));
  }
}
