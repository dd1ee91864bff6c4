package dev.fenced.tck.idempotent.completionstage;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds reports later: each run returns a pending stage that the test completes ({@link #finish})
 * or fails ({@link #fail}).
 */
@ApplicationScoped
public class ReportBuilder {

  @Inject Invocations invocations;

  private final Map<String, CompletableFuture<Report>> pending = new ConcurrentHashMap<>();

  /**
   * Starts a report once per key.
   *
   * @param reportId the key, also the counter
   * @return a stage that completes when the test says so
   */
  @Idempotent
  public CompletionStage<Report> build(@IdempotencyKey String reportId) {
    int run = invocations.increment(reportId);
    CompletableFuture<Report> stage = new CompletableFuture<>();
    pending.put(reportId + "#" + run, stage);
    return stage;
  }

  /**
   * Completes the pending stage of the latest run.
   *
   * @param reportId the key
   */
  public void finish(String reportId) {
    int run = invocations.count(reportId);
    pending.remove(reportId + "#" + run).complete(new Report(reportId, run));
  }

  /**
   * Fails the pending stage of the latest run.
   *
   * @param reportId the key
   * @param failure what it fails with
   */
  public void fail(String reportId, RuntimeException failure) {
    pending.remove(reportId + "#" + invocations.count(reportId)).completeExceptionally(failure);
  }
}
