package dev.fenced.tck.deployment.idempotent.missingkey;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;

/** Invalid: a non-HTTP {@code @Idempotent} method with no {@code @IdempotencyKey} parameter. */
@ApplicationScoped
public class Reports {

  /**
   * Builds a report.
   *
   * @param reportId meant as the key, but not annotated
   * @return the report
   */
  @Idempotent
  public String build(String reportId) {
    return "report " + reportId;
  }
}
