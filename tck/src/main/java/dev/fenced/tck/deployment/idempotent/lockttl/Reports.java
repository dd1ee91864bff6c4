package dev.fenced.tck.deployment.idempotent.lockttl;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;

/** Invalid: {@code lockTtl = "0"} is not positive. */
@ApplicationScoped
public class Reports {

  /**
   * Builds a report.
   *
   * @param reportId the key
   * @return the report
   */
  @Idempotent(lockTtl = "0")
  public String build(@IdempotencyKey String reportId) {
    return "report " + reportId;
  }
}
