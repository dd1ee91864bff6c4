package dev.fenced.locks;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

/**
 * The lock of the guarded run on the current thread, injectable as a CDI bean: inside a {@link
 * WithoutOverlapping} or {@link OnOneInstance} job, a {@link Locks#withLock} callable, a {@link
 * #callUnder} work or a {@link CapturedLocks#call} work.
 *
 * <p><b>The context belongs to a thread.</b> Work handed to a {@code ManagedExecutorService}, a
 * {@code CompletableFuture} or any other thread does not see the run's lock: Jakarta Concurrency
 * propagates third-party context only where a {@code ContextService} is configured for it, which no
 * server does by default, and a task may outlive the run. To run work on another thread inside the
 * hold, {@link #capture()} it on the run's thread and call {@link CapturedLocks#call} on the other;
 * wait for that work before the run ends.
 */
public interface LocksContext {

  /**
   * The innermost lock held by the current guarded run: the run lock of a {@link
   * WithoutOverlapping} job, else the lease of an {@link OnOneInstance} job.
   *
   * @return the lock, or empty outside a guarded run
   */
  Optional<Lock> lock();

  /**
   * The fencing token of {@link #lock()}: pass it to the resources the run writes.
   *
   * @return the token, or empty outside a guarded run
   */
  default OptionalLong fencingToken() {
    return lock().map(l -> OptionalLong.of(l.fencingToken())).orElseGet(OptionalLong::empty);
  }

  /**
   * Runs {@code work} on the current thread inside the hold of {@code lock}, a lock the caller took
   * itself (with {@link Locks#tryAcquire}, say) and keeps owning: while it runs, {@link #lock()}
   * and {@link #fencingToken()} show {@code lock}, a {@link Locks#withLock} or a {@link
   * WithoutOverlapping} job on its key, called on this thread, re-enters the hold instead of being
   * refused or skipped, and the loss of {@code lock} interrupts the thread (unless {@code
   * fenced.locks.interrupt-on-loss} is {@code false}). It neither renews nor releases {@code lock}:
   * renewal goes on as for any held lock, and the caller closes it when it is done.
   *
   * @param lock a lock from this application's {@link Locks}, held
   * @param work what to run
   * @param <T> the result type
   * @return what {@code work} returned
   * @throws LockLostException when {@code lock} was lost before {@code work} started, or its loss
   *     interrupted {@code work} and it threw the {@link InterruptedException}
   * @throws IllegalStateException when {@code lock} was closed before {@code work} started
   * @throws Exception what {@code work} threw
   */
  default <T> T callUnder(Lock lock, Callable<T> work) throws Exception {
    throw new UnsupportedOperationException("This LocksContext cannot bind a lock to a thread");
  }

  /**
   * The holds of the guarded run on the current thread, to run work inside them on another thread
   * ({@link CapturedLocks#call}). The run keeps owning its locks: it renews them and releases them
   * when it ends, whatever the captured work does.
   *
   * @return the current thread's holds, innermost first; none outside a guarded run
   */
  default CapturedLocks capture() {
    throw new UnsupportedOperationException("This LocksContext cannot capture its locks");
  }
}
