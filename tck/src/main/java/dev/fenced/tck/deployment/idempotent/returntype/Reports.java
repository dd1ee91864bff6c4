package dev.fenced.tck.deployment.idempotent.returntype;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/** Invalid: a {@code Future} tells nobody when it completes; only a blocked thread learns it. */
@ApplicationScoped
public class Reports {

  /**
   * Builds a report later.
   *
   * @param reportId the key
   * @return the report, some time
   */
  @Idempotent
  public Future<String> build(@IdempotencyKey String reportId) {
    return CompletableFuture.completedFuture("report " + reportId);
  }
}
