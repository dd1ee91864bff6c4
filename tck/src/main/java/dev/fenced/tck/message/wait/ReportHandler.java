package dev.fenced.tck.message.wait;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Builds reports; a duplicate waits for the running call instead of being rejected. Each run holds
 * at the gate named by the key, then fails if {@link Failures#failNext} named the key.
 */
@ApplicationScoped
public class ReportHandler {

  /** The short wait of {@link #buildQuickly}. */
  public static final String SHORT_WAIT = "300ms";

  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Failures failures;

  /**
   * Builds a report; a duplicate waits up to 30 seconds.
   *
   * @param reportId the key, also the gate and the counter
   * @return the run number
   * @throws InterruptedException when interrupted at the gate
   */
  @Idempotent(onConflict = OnConflict.WAIT, waitTimeout = "30s")
  public int build(@IdempotencyKey String reportId) throws InterruptedException {
    return run(reportId);
  }

  /**
   * Builds a report; a duplicate waits only {@value #SHORT_WAIT}.
   *
   * @param reportId the key, also the gate and the counter
   * @return the run number
   * @throws InterruptedException when interrupted at the gate
   */
  @Idempotent(onConflict = OnConflict.WAIT, waitTimeout = SHORT_WAIT)
  public int buildQuickly(@IdempotencyKey String reportId) throws InterruptedException {
    return run(reportId);
  }

  private int run(String reportId) throws InterruptedException {
    int run = invocations.increment(reportId);
    gates.pass(reportId);
    if (failures.take(reportId)) {
      throw new IllegalStateException("report " + run + " failed");
    }
    return run;
  }
}
