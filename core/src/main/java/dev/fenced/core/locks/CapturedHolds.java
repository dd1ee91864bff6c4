package dev.fenced.core.locks;

import dev.fenced.core.LogKeys;
import dev.fenced.locks.CapturedLocks;
import dev.fenced.locks.Lock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * The holds of one thread, run again on another with {@link LockManager#callUnder}, outermost
 * first, so the innermost is current and each key re-enters its own hold. Nothing is acquired,
 * renewed or released here: the thread that took the locks owns them.
 */
final class CapturedHolds implements CapturedLocks {

  private final LockManager manager;
  private final List<Lock> locks; // innermost first

  CapturedHolds(LockManager manager, List<Lock> locks) {
    this.manager = Objects.requireNonNull(manager, "manager");
    this.locks = List.copyOf(locks);
  }

  @Override
  public List<Lock> locks() {
    return locks;
  }

  @Override
  public <T> T call(Callable<T> work) throws Exception {
    Objects.requireNonNull(work, "work");
    return callFrom(locks.size() - 1, work);
  }

  private <T> T callFrom(int index, Callable<T> work) throws Exception {
    if (index < 0) {
      return work.call();
    }
    Lock lock = locks.get(index);
    if (!lock.isHeld() && !(lock instanceof HeldLock held && held.lost().isPresent())) {
      throw new IllegalStateException(
          "The hold of lock "
              + LogKeys.of(lock.key())
              + " (fencing token "
              + lock.fencingToken()
              + ") that this work was handed has ended: the run that took it released it before"
              + " the work started. Wait for work handed to other threads before the run ends.");
    }
    return manager.callUnder(lock, () -> callFrom(index - 1, work));
  }
}
