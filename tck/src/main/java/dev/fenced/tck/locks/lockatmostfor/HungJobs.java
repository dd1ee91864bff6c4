package dev.fenced.tck.locks.lockatmostfor;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.Victim;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Jobs that hang at a gate the test never opens, with a 1 s ttl and a maximum hold of {@value
 * #MAXIMUM_HOLD}: one sets it on the annotation, the other's annotation says {@code 1h} and
 * MicroProfile Config ({@code <class>/<method>/WithoutOverlapping/lockAtMostFor}) brings it down.
 */
@ApplicationScoped
public class HungJobs {

  /** The maximum hold of both jobs, as the test expects it. */
  public static final String MAXIMUM_HOLD = "2s";

  /** The run lock of {@link #hang}. */
  public static final String KEY = "tck:lock-at-most-for:annotated";

  /** The run lock of {@link #hangConfigured}. */
  public static final String CONFIGURED_KEY = "tck:lock-at-most-for:configured";

  /** The config key that sets {@link #hangConfigured}'s maximum hold. */
  public static final String CONFIG_KEY =
      HungJobs.class.getName() + "/hangConfigured/WithoutOverlapping/lockAtMostFor";

  @Inject LocksContext context;
  @Inject Gates gates;

  /**
   * Hangs at the gate under its run lock.
   *
   * @param victim notes the lock, its loss and the interrupt
   * @param gate the gate
   * @return never, unless the gate opens
   * @throws InterruptedException when the loss interrupted the wait
   */
  @WithoutOverlapping(key = KEY, ttl = "1s", lockAtMostFor = MAXIMUM_HOLD)
  public String hang(Victim victim, String gate) throws InterruptedException {
    return victim.work(context.lock().orElseThrow(), gates, gate);
  }

  /**
   * Like {@link #hang}, its maximum hold set by config.
   *
   * @param victim notes the lock, its loss and the interrupt
   * @param gate the gate
   * @return never, unless the gate opens
   * @throws InterruptedException when the loss interrupted the wait
   */
  @WithoutOverlapping(key = CONFIGURED_KEY, ttl = "1s", lockAtMostFor = "1h")
  public String hangConfigured(Victim victim, String gate) throws InterruptedException {
    return victim.work(context.lock().orElseThrow(), gates, gate);
  }
}
