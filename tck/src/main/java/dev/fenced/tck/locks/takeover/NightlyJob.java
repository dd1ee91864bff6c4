package dev.fenced.tck.locks.takeover;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A one-instance job the test fires by calling it; each run returns its lease's token. */
@ApplicationScoped
public class NightlyJob {

  /** The job's key; its lease is {@value #LEASE}. */
  public static final String KEY = "tck:nightly";

  /** The job's sticky lease. */
  public static final String LEASE = KEY + ":owner";

  @Inject LocksContext context;

  /**
   * Runs.
   *
   * @return the fencing token of the lease this run saw, or {@code null} when skipped
   */
  @OnOneInstance(key = KEY, ttl = "900ms")
  public Long run() {
    return context.fencingToken().orElseThrow();
  }
}
