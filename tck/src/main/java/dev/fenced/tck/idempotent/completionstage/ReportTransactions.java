package dev.fenced.tck.idempotent.completionstage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.concurrent.CompletableFuture;

/** Calls {@link ReportBuilder#build} inside a JTA transaction. */
@ApplicationScoped
public class ReportTransactions {

  @Inject ReportBuilder reports;

  /**
   * Builds a report, lets its stage complete while the transaction is open, then rolls back.
   *
   * @param reportId the key
   * @return never
   * @throws RolledBack always, with what the stage held before the rollback
   */
  @Transactional
  public Report buildThenRollBack(String reportId) {
    CompletableFuture<Report> stage = reports.build(reportId).toCompletableFuture();
    reports.finish(reportId);
    throw new RolledBack(stage.getNow(null));
  }

  /** Rolls the transaction back, carrying what the caller's stage held. */
  public static class RolledBack extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What the caller's stage held when the transaction was still open, or {@code null}. */
    public final Report report;

    /**
     * Carries the report.
     *
     * @param report what the stage held, or {@code null}
     */
    public RolledBack(Report report) {
      super("rolled back on purpose");
      this.report = report;
    }
  }
}
