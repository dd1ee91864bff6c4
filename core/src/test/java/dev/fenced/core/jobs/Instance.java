package dev.fenced.core.jobs;

import dev.fenced.core.locks.LockManager;
import dev.fenced.core.locks.LockSettings;
import dev.fenced.core.time.Scheduler;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;

/** One application instance with one guarded job, on a store link and a scheduler of its own. */
final class Instance {

  static final String JOB = "com.example.InvoiceExport.run";

  final String name;
  final SwitchableLockStore link;
  final LockManager locks;
  final RunningJobs running = new RunningJobs();
  final JobGuard guard;
  final List<LockLost> losses = new CopyOnWriteArrayList<>();

  Instance(
      String name,
      LockStore shared,
      Scheduler scheduler,
      Duration ttl,
      boolean oneInstance,
      boolean withoutOverlapping) {
    this(name, shared, scheduler, ttl, oneInstance, withoutOverlapping, UnitOfWork.NONE);
  }

  Instance(
      String name,
      LockStore shared,
      Scheduler scheduler,
      Duration ttl,
      boolean oneInstance,
      boolean withoutOverlapping,
      UnitOfWork unitOfWork) {
    this(name, shared, scheduler, ttl, oneInstance, withoutOverlapping, unitOfWork, Duration.ZERO);
  }

  Instance(
      String name,
      LockStore shared,
      Scheduler scheduler,
      Duration ttl,
      boolean oneInstance,
      boolean withoutOverlapping,
      UnitOfWork unitOfWork,
      Duration lockAtLeastFor) {
    this.name = name;
    this.link = new SwitchableLockStore(shared);
    this.locks =
        new LockManager(
            link,
            scheduler,
            LockSettings.defaults().withDefaultTtl(ttl).withLossListener(losses::add));
    this.guard =
        new JobGuard(
            oneInstance
                ? Optional.of(new OneInstanceLease(locks, running, JOB, JOB, ttl))
                : Optional.empty(),
            withoutOverlapping
                ? Optional.of(
                    new RunLock(locks, running, JOB, JOB, ttl, unitOfWork, lockAtLeastFor))
                : Optional.empty());
  }

  /** Runs the job; the work records which instance ran it with which fencing token. */
  JobOutcome<Long> run() throws Exception {
    return guard.run(token());
  }

  <T> JobOutcome<T> run(Callable<T> work) throws Exception {
    return guard.run(work);
  }

  Callable<Long> token() {
    return () -> locks.context().fencingToken().orElseThrow();
  }

  boolean ownsTheJob() {
    return guard.lease().orElseThrow().lease().isPresent();
  }
}
