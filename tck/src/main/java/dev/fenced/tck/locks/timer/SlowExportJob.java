package dev.fenced.tck.locks.timer;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.locks.common.Runs;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Schedules;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

/**
 * Two EJB timers on one method, each firing every second, with runs that take longer than that. The
 * bean manages its own concurrency, so the container would run the two timers at once: only
 * {@code @WithoutOverlapping} keeps them apart.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class SlowExportJob {

  /** The run lock's key. */
  public static final String KEY = "tck:slow-export";

  /** How long one run takes: longer than the timers' period. */
  public static final long RUN_MILLIS = 1200;

  @Inject LocksContext context;
  @Inject Runs runs;

  /**
   * Records the run and takes longer than a period. A timeout callback must not declare checked
   * exceptions (Jakarta Enterprise Beans; Open Liberty refuses the deployment): an interrupt ends
   * the run early and stays set on the thread.
   */
  @Schedules({
    @Schedule(second = "*/1", minute = "*", hour = "*", persistent = false, info = "a"),
    @Schedule(second = "*/1", minute = "*", hour = "*", persistent = false, info = "b")
  })
  @WithoutOverlapping(key = KEY)
  public void export() {
    runs.enter(context.lock().orElse(null));
    try {
      Thread.sleep(RUN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      runs.exit();
    }
  }
}
