package dev.fenced.tck.locks.direct;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Gates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A job called directly as a CDI method, never twice at once. Each run records the lock {@code
 * LocksContext} shows, whether it was held then, and holds at the gate named by its argument.
 */
@ApplicationScoped
public class ReportJob {

  /** The run lock's key. */
  public static final String KEY = "tck:direct-report";

  /**
   * What one run saw.
   *
   * @param lock the lock in {@code LocksContext}, or {@code null} when there was none
   * @param heldDuringRun whether that lock was held while the run ran
   */
  public record Run(Lock lock, boolean heldDuringRun) {}

  @Inject Gates gates;
  @Inject LocksContext context;

  private final Map<String, Run> runs = new ConcurrentHashMap<>();

  /**
   * Runs the report.
   *
   * @param gate the gate the run holds at, also the name of the run
   * @return {@code "ran <gate>"}
   * @throws InterruptedException when interrupted at the gate
   */
  @WithoutOverlapping(key = KEY)
  public String run(String gate) throws InterruptedException {
    Lock lock = context.lock().orElse(null);
    runs.put(gate, new Run(lock, lock != null && lock.isHeld()));
    gates.pass(gate);
    return "ran " + gate;
  }

  /**
   * What the run named {@code gate} saw.
   *
   * @param gate the run's name
   * @return the run, or {@code null} when it never ran
   */
  public Run seen(String gate) {
    return runs.get(gate);
  }
}
