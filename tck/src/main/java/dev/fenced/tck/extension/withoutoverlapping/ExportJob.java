package dev.fenced.tck.extension.withoutoverlapping;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.deployed.Gates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A job called directly as a CDI method, without any Fenced annotation in its source: {@link
 * AddsWithoutOverlapping} adds {@code @WithoutOverlapping(key = KEY, ttl = TTL)} to {@link #run}
 * while the container boots. Each run records the lock {@code LocksContext} shows and holds at the
 * gate named by its argument.
 */
@ApplicationScoped
public class ExportJob {

  /** The run lock's key, as the extension sets it. */
  public static final String KEY = "tck:extension-export";

  /** The run lock's ttl, as the extension sets it: well under the default of 30 s. */
  public static final String TTL = "10s";

  /**
   * What one run saw.
   *
   * @param lock the lock in {@code LocksContext}, or {@code null} when there was none
   */
  public record Run(Lock lock) {}

  @Inject Gates gates;
  @Inject LocksContext context;

  private final Map<String, Run> runs = new ConcurrentHashMap<>();

  /**
   * Runs the export.
   *
   * @param gate the gate the run holds at, also the name of the run
   * @return {@code "ran <gate>"}
   * @throws InterruptedException when interrupted at the gate
   */
  public String run(String gate) throws InterruptedException {
    runs.put(gate, new Run(context.lock().orElse(null)));
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
