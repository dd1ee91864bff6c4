package dev.fenced.tck.invalid.returntype;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Invalid: a {@code CompletionStage} has no value yet when the method returns. */
@ApplicationScoped
public class Reports {

  /**
   * Builds a report later.
   *
   * @param reportId the key
   * @return the report, some time
   */
  @Idempotent
  public CompletionStage<String> build(@IdempotencyKey String reportId) {
    return CompletableFuture.completedFuture("report " + reportId);
  }
}
