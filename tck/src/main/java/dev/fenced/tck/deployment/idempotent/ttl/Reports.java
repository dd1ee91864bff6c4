package dev.fenced.tck.deployment.idempotent.ttl;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;

/** Invalid: {@code ttl = "12x"} is not a duration. */
@ApplicationScoped
public class Reports {

  /**
   * Builds a report.
   *
   * @param reportId the key
   * @return the report
   */
  @Idempotent(ttl = "12x")
  public String build(@IdempotencyKey String reportId) {
    return "report " + reportId;
  }
}
