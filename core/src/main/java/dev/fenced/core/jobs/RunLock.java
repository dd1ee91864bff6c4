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
 * The {@code @WithoutOverlapping} guard of one job: a lock named {@code key} held for one run,
 * renewed while it runs and released when it ends however it ends; a run inside a unit of work (a
 * JTA transaction) keeps it, renewed, until that unit of work has ended, so that the next run, on
 * any instance, sees what this one committed. A run that finds it held, on any instance, is
 * skipped. While the job runs the lock is the current lock of {@code LocksContext} (and only then)
 * and its loss interrupts the run (unless interruption is off).
 *
 * <p>With a minimum hold ({@code lockAtLeastFor}), a run that ends, normally or by throwing (or
 * whose unit of work ends), before the hold has passed since its acquire request was sent does not
 * release the lock: it stays in the store until then ({@link LockManager#closeHeldAtLeast}), so a
 * run on another instance whose timer goes off a little later is skipped too. A lost lock is not
 * extended.
 *
 * <p>With a maximum hold ({@code lockAtMostFor}), the lock is renewed for at most that long after
 * its acquire request was sent, instead of the manager's global cap: a run still going then loses
 * it at its deadline, is interrupted (unless interruption is off) and told as of any lost lock.
 *
 * <p>Re-entrant: a run on a thread that already runs inside the work of a lock on {@code key} (a
 * {@code withLock} on it, this job's own run calling itself) runs inside that hold, as {@link
 * LockManager#heldByCurrentThread} describes: nothing is taken, nothing released at its end (nor at
 * its unit of work's), and {@code LocksContext} shows the outer lock. So does a run in a unit of
 * work that keeps the lock of an earlier run of this job (the job called twice in one transaction:
 * the first run's lock lives until the transaction ends, {@link UnitOfWork#kept}). Other threads
 * are still skipped while the outer hold lasts.
 */
public final class RunLock implements JobStage {

  private final LockManager locks;
  private final RunningJobs running;
  private final String target;
  private final String key;
  private final LockOptions options;
  private final UnitOfWork unitOfWork;
  private final Duration lockAtLeastFor;
  private final Optional<Duration> lockAtMostFor;

  /**
   * Creates the guard, without a minimum hold: the lock is released as soon as the run ends.
   *
   * @param locks takes the run lock
   * @param running admits the runs, for shutdown
   * @param target the job as logs name it, {@code com.example.Export.run}
   * @param key the run lock's key, not empty
   * @param ttl the run lock's ttl, positive
   * @param unitOfWork the unit of work whose end releases the lock of a run made inside one
   */
  public RunLock(
      LockManager locks,
      RunningJobs running,
      String target,
      String key,
      Duration ttl,
      UnitOfWork unitOfWork) {
    this(locks, running, target, key, ttl, unitOfWork, Duration.ZERO);
  }

  /**
   * Creates the guard, with the manager's global renewal cap.
   *
   * @param locks takes the run lock
   * @param running admits the runs, for shutdown
   * @param target the job as logs name it, {@code com.example.Export.run}
   * @param key the run lock's key, not empty
   * @param ttl the run lock's ttl, positive
   * @param unitOfWork the unit of work whose end releases the lock of a run made inside one
   * @param lockAtLeastFor the minimum hold, zero for none
   */
  public RunLock(
      LockManager locks,
      RunningJobs running,
      String target,
      String key,
      Duration ttl,
      UnitOfWork unitOfWork,
      Duration lockAtLeastFor) {
    this(locks, running, target, key, ttl, unitOfWork, lockAtLeastFor, Optional.empty());
  }

  /**
   * Creates the guard.
   *
   * @param locks takes the run lock
   * @param running admits the runs, for shutdown
   * @param target the job as logs name it, {@code com.example.Export.run}
   * @param key the run lock's key, not empty
   * @param ttl the run lock's ttl, positive
   * @param unitOfWork the unit of work whose end releases the lock of a run made inside one
   * @param lockAtLeastFor how long after its acquire request was sent the lock stays in the store
   *     at least, however soon the run ends; zero for no minimum hold, at most {@code
   *     StoreLimits.MAX_TTL_MILLIS}
   * @param lockAtMostFor how long after its acquire request was sent the lock is renewed at most,
   *     positive; empty for the manager's {@code maxRenewal}
   */
  public RunLock(
      LockManager locks,
      RunningJobs running,
      String target,
      String key,
      Duration ttl,
      UnitOfWork unitOfWork,
      Duration lockAtLeastFor,
      Optional<Duration> lockAtMostFor) {
    this.locks = Objects.requireNonNull(locks, "locks");
    this.running = Objects.requireNonNull(running, "running");
    this.target = Objects.requireNonNull(target, "target");
    this.key = Objects.requireNonNull(key, "key");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("A run lock key must not be empty");
    }
    this.options = LockOptions.defaults().withTtl(ttl);
    this.unitOfWork = Objects.requireNonNull(unitOfWork, "unitOfWork");
    // checked now: the close at the end of a run must not throw
    this.lockAtLeastFor = LockManager.requireMinimumHold(lockAtLeastFor);
    this.lockAtMostFor = Objects.requireNonNull(lockAtMostFor, "lockAtMostFor");
    if (lockAtMostFor.filter(d -> d.isZero() || d.isNegative()).isPresent()) {
      throw new IllegalArgumentException("lockAtMostFor must be positive, was " + lockAtMostFor);
    }
  }

  @Override
  public <T> JobOutcome<T> run(Callable<T> work) throws Exception {
    Objects.requireNonNull(work, "work");
    if (!running.enter()) {
      return Skips.skip(target, key, SkipReason.SHUTTING_DOWN);
    }
    try {
      Optional<Lock> outer = locks.heldByCurrentThread(key).or(() -> unitOfWork.kept(key));
      if (outer.isPresent()) {
        Skips.reentered(target, key);
        return JobOutcome.ran(locks.callUnder(outer.get(), work));
      }
      Skips.Attempt attempt =
          lockAtMostFor.isPresent()
              ? Skips.tryAcquire(
                  locks, target, key, options, lockAtMostFor.get(), SkipReason.RUN_LOCK_HELD)
              : Skips.tryAcquire(locks, target, key, options, SkipReason.RUN_LOCK_HELD);
      if (attempt.lock() == null) {
        return Skips.skip(target, key, attempt.skip());
      }
      Lock lock = attempt.lock();
      try {
        return JobOutcome.ran(locks.callUnder(lock, work));
      } finally {
        unitOfWork.closeAtEnd(lock, () -> locks.closeHeldAtLeast(lock, lockAtLeastFor));
      }
    } finally {
      running.exit();
    }
  }
}
