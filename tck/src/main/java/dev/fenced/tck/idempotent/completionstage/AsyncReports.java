package dev.fenced.tck.idempotent.completionstage;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.faulttolerance.Asynchronous;

/**
 * Builds reports on another thread: MicroProfile Fault Tolerance's {@code @Asynchronous} runs the
 * method there, inside Fenced's interceptor, which records the value when the stage completes.
 */
@ApplicationScoped
public class AsyncReports {

  @Inject Invocations invocations;

  /**
   * Builds a report once per key, on a thread of Fault Tolerance's.
   *
   * @param reportId the key, also the counter
   * @return the report, later
   */
  @Idempotent
  @Asynchronous
  public CompletionStage<Report> build(@IdempotencyKey String reportId) {
    return CompletableFuture.completedFuture(new Report(reportId, invocations.increment(reportId)));
  }
}
