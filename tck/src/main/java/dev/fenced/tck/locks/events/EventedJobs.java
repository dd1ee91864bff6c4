package dev.fenced.tck.locks.events;

import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Gates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Jobs called directly as CDI methods: one that holds at a gate, one that fails, one with both
 * guards.
 */
@ApplicationScoped
public class EventedJobs {

  /** {@link #report}'s run lock. */
  public static final String REPORT_KEY = "tck:events-report";

  /** {@link #report} as events name it. */
  public static final String REPORT = EventedJobs.class.getName() + ".report";

  /** {@link #failing} as events name it. */
  public static final String FAILING = EventedJobs.class.getName() + ".failing";

  /** {@link #guardedTwice} as events name it. */
  public static final String GUARDED_TWICE = EventedJobs.class.getName() + ".guardedTwice";

  @Inject Gates gates;

  /**
   * Holds at the gate {@code gate}.
   *
   * @param gate the gate's name
   * @return {@code "ran <gate>"}
   * @throws InterruptedException when interrupted at the gate
   */
  @WithoutOverlapping(key = REPORT_KEY)
  public String report(String gate) throws InterruptedException {
    gates.pass(gate);
    return "ran " + gate;
  }

  /** Throws {@link IllegalStateException}. */
  @WithoutOverlapping(key = "tck:events-failing")
  public void failing() {
    throw new IllegalStateException("the report service is down");
  }

  /**
   * Runs under both guards.
   *
   * @return {@code "ran"}
   */
  @OnOneInstance(key = "tck:events-twice")
  @WithoutOverlapping(key = "tck:events-twice-run")
  public String guardedTwice() {
    return "ran";
  }
}
