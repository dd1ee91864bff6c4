package dev.fenced.tck.deployment.idempotent.ftpriority;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;

/** A valid guarded method: what fails is the deployment's configuration. */
@ApplicationScoped
public class Reports {

  /**
   * Builds a report.
   *
   * @param reportId the key
   * @return the report
   */
  @Idempotent
  public String build(@IdempotencyKey String reportId) {
    return "report " + reportId;
  }
}
