package dev.fenced.tck.locks.jobkey;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Gates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Jobs with a job key of their own: one whose {@code @WithoutOverlapping} has no key (its run lock
 * is the job key), one whose {@code @WithoutOverlapping} names its own. A skipped call returns
 * {@code null}.
 */
@ApplicationScoped
public class NightlyExport {

  /** The job key of {@link #export}: its lease is {@code <this>:owner}, its run lock this. */
  public static final String KEY = "tck:job-key:nightly-export";

  /** The job key of {@link #exportWithOwnRunLock}. */
  public static final String OTHER_KEY = "tck:job-key:other-export";

  /** The run lock key {@link #exportWithOwnRunLock} names itself. */
  public static final String OWN_RUN_LOCK = "tck:job-key:own-run-lock";

  @Inject LocksContext context;
  @Inject Gates gates;

  /**
   * Holds at the gate and returns the key of the lock {@code LocksContext} showed.
   *
   * @param gate the gate
   * @return the run's lock key
   * @throws InterruptedException when interrupted at the gate
   */
  @OnOneInstance(key = KEY)
  @WithoutOverlapping
  public String export(String gate) throws InterruptedException {
    String key = context.lock().map(Lock::key).orElse(null);
    gates.pass(gate);
    return key;
  }

  /**
   * Returns the key of the lock {@code LocksContext} shows.
   *
   * @return the run's lock key
   */
  @OnOneInstance(key = OTHER_KEY)
  @WithoutOverlapping(key = OWN_RUN_LOCK)
  public String exportWithOwnRunLock() {
    return context.lock().map(Lock::key).orElse(null);
  }
}
