package dev.fenced.tck.locks.timerretry;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

/**
 * Fires {@link RetriedExport#export()} every second. Fault Tolerance intercepts business methods
 * only, not EJB timeout callbacks, so the retried, guarded method is a CDI method the timer calls.
 */
@Singleton
@Startup
public class ExportTimer {

  @Inject RetriedExport export;

  /** Fires the export. */
  @Schedule(second = "*/1", minute = "*", hour = "*", persistent = false)
  public void fire() {
    export.export();
  }
}
