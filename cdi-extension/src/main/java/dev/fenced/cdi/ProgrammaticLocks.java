package dev.fenced.cdi;

import dev.fenced.core.locks.LockManager;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The injectable {@link Locks}: the application's lock manager, on the store {@code
 * fenced.locks.store} selects, with {@code fenced.locks.ttl} and {@code
 * fenced.locks.interrupt-on-loss}.
 *
 * <p>{@link #withLock} inside a JTA transaction that may still commit keeps the lock, renewed,
 * until the transaction has completed (committed or rolled back), so that the next holder sees what
 * the work committed; {@code LocksContext} shows it only while the work runs. Without a
 * transaction, or in one that can only roll back, the lock is released when the work ends.
 *
 * <p>{@link #withLock} is re-entrant for the thread that runs inside the work of a lock on the same
 * key (an outer {@code withLock}, a {@code @WithoutOverlapping} run): the work runs inside that
 * hold, which it neither takes nor releases, transaction or not ({@link
 * LockManager#heldByCurrentThread}); and for the transaction that keeps a lock on the key until it
 * ends (an earlier {@code withLock} in it): two {@code withLock} on one key in one transaction run
 * under one lock.
 */
@ApplicationScoped
public class ProgrammaticLocks implements Locks {

  @Inject FencedLocksRuntime runtime;

  @Override
  public Optional<Lock> tryAcquire(String key, LockOptions options) {
    return runtime.manager().tryAcquire(key, options);
  }

  @Override
  public <T> T withLock(String key, Callable<T> work, LockOptions options) throws Exception {
    Objects.requireNonNull(work, "work");
    LockManager manager = runtime.manager();
    Optional<Lock> outer =
        manager.heldByCurrentThread(key).or(() -> runtime.unitOfWork().kept(key));
    if (outer.isPresent()) {
      return manager.callUnder(outer.get(), work);
    }
    Lock lock = manager.acquireOrThrow(key, options);
    try {
      return manager.callUnder(lock, work);
    } finally {
      runtime.unitOfWork().closeAtEnd(lock);
    }
  }
}
