package dev.fenced.tck.locks.lost;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.Victim;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A {@code @WithoutOverlapping} job whose run lock the test removes while it runs. */
@ApplicationScoped
public class SyncJob {

  /** The run lock's key. */
  public static final String KEY = "tck:lost-sync";

  @Inject LocksContext context;
  @Inject Gates gates;

  /**
   * Runs {@code victim}'s work under the run lock.
   *
   * @param victim the work
   * @param gate the gate it waits at
   * @return never, unless the gate opens
   * @throws InterruptedException when the loss interrupted the work
   */
  @WithoutOverlapping(key = KEY)
  public String sync(Victim victim, String gate) throws InterruptedException {
    return victim.work(context.lock().orElseThrow(), gates, gate);
  }
}
