package dev.fenced.core.jobs;

import dev.fenced.core.locks.LockManager;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.SkipReason;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The {@code @OnOneInstance} guard of one job: a sticky lease {@code <key>:owner}, taken by the
 * first run on any instance and then kept, renewed every ttl/3 by its keeper, between runs too, for
 * the application's life (no renewal cap). A run on an instance that does not hold it tries to take
 * it (so after the owner died and its lease expired, the next instance to run owns the job) and is
 * skipped when another instance holds it. While the job runs, the lease is the current lock of
 * {@code LocksContext} and its loss interrupts the run (unless interruption is off).
 *
 * <p>Re-entrant like {@link RunLock}: a run on a thread that already runs inside the work of a lock
 * on {@code <key>:owner} (this job's own run calling itself) runs inside that hold.
 */
public final class OneInstanceLease implements JobStage {

  /** What the job key gets to name its lease. */
  public static final String SUFFIX = ":owner";

  private final LockManager locks;
  private final RunningJobs running;
  private final String target;
  private final String leaseKey;
  private final LockOptions options;
  private final Object monitor = new Object();
  private Lock lease;

  /**
   * Creates the guard; it takes nothing before the first run.
   *
   * @param locks takes and keeps the lease
   * @param running admits the runs, for shutdown
   * @param target the job as logs name it, {@code com.example.Export.run}
   * @param jobKey the job's key, not empty; the lease is {@code jobKey + ":owner"}
   * @param ttl the lease's ttl, positive
   */
  public OneInstanceLease(
      LockManager locks, RunningJobs running, String target, String jobKey, Duration ttl) {
    this.locks = Objects.requireNonNull(locks, "locks");
    this.running = Objects.requireNonNull(running, "running");
    this.target = Objects.requireNonNull(target, "target");
    if (jobKey.isEmpty()) {
      throw new IllegalArgumentException("A job key must not be empty");
    }
    this.leaseKey = jobKey + SUFFIX;
    this.options = LockOptions.defaults().withTtl(ttl);
  }

  @Override
  public <T> JobOutcome<T> run(Callable<T> work) throws Exception {
    Objects.requireNonNull(work, "work");
    if (!running.enter()) {
      return Skips.skip(target, leaseKey, SkipReason.SHUTTING_DOWN);
    }
    try {
      Optional<Lock> outer = locks.heldByCurrentThread(leaseKey);
      if (outer.isPresent()) {
        Skips.reentered(target, leaseKey);
        return JobOutcome.ran(locks.callUnder(outer.get(), work));
      }
      Skips.Attempt owned = ownLease();
      if (owned.lock() == null) {
        return Skips.skip(target, leaseKey, owned.skip());
      }
      return JobOutcome.ran(locks.callUnder(owned.lock(), work));
    } finally {
      running.exit();
    }
  }

  /**
   * The lease, while this instance owns the job.
   *
   * @return the held lease, or empty
   */
  public Optional<Lock> lease() {
    synchronized (monitor) {
      return lease != null && lease.isHeld() ? Optional.of(lease) : Optional.empty();
    }
  }

  /** Gives the job up: releases the lease if held (shutdown). Idempotent. */
  public void release() {
    Lock held;
    synchronized (monitor) {
      held = lease;
      lease = null;
    }
    if (held != null) {
      held.close();
    }
  }

  /** The held lease, taken now if this instance did not hold it; one taker at a time. */
  private Skips.Attempt ownLease() {
    synchronized (monitor) {
      if (lease != null && lease.isHeld()) {
        return new Skips.Attempt(lease, null);
      }
      lease = null;
      Skips.Attempt attempt =
          Skips.tryAcquireForLife(locks, target, leaseKey, options, SkipReason.NOT_OWNER);
      lease = attempt.lock();
      return attempt;
    }
  }
}
