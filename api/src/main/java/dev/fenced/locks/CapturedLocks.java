package dev.fenced.locks;

import java.lang.reflect.UndeclaredThrowableException;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The holds of a guarded run, captured on its thread with {@link LocksContext#capture()}, to run
 * work inside them on another thread: a task of a {@code ManagedExecutorService}, a stage of a
 * {@code CompletableFuture}, a thread of a parallel stream.
 *
 * <pre>{@code
 * CapturedLocks holds = locksContext.capture();
 * List<Future<Integer>> parts = ranges.stream()
 *     .map(r -> executor.submit(() -> holds.call(() -> exportRange(r))))
 *     .toList();
 * for (Future<Integer> part : parts) part.get(); // before the run ends: its lock ends with it
 * }</pre>
 *
 * <p>The work sees the same holds, not new acquisitions: the same locks and fencing tokens in
 * {@link LocksContext}, and a {@link Locks#withLock} or {@link WithoutOverlapping} job on one of
 * their keys re-enters the hold. The run that took the locks keeps owning them: it renews them and
 * releases them when it ends; the work neither renews nor releases anything, and the loss of a lock
 * interrupts the work's thread too (unless {@code fenced.locks.interrupt-on-loss} is {@code
 * false}). <b>Work that starts after a hold ended does not run</b>: it throws {@link
 * LockLostException} when the lock was lost, {@link IllegalStateException} when it was released
 * (the run ended first: wait for the work inside the run). Thread-safe; use it on any number of
 * threads at once.
 */
public interface CapturedLocks {

  /**
   * The captured locks, innermost (the one {@link LocksContext#lock()} showed) first.
   *
   * @return the locks, empty when captured outside a guarded run
   */
  List<Lock> locks();

  /**
   * Runs {@code work} on the calling thread inside the captured holds. With none captured it just
   * runs {@code work}.
   *
   * @param work what to run
   * @param <T> the result type
   * @return what {@code work} returned
   * @throws LockLostException when a captured lock was lost before {@code work} started, or its
   *     loss interrupted {@code work} and it threw the {@link InterruptedException}
   * @throws IllegalStateException when a captured lock was released before {@code work} started
   * @throws Exception what {@code work} threw
   */
  <T> T call(Callable<T> work) throws Exception;

  /**
   * Runs {@code work} as {@link #call} does.
   *
   * @param work what to run
   * @throws LockLostException when a captured lock was lost before {@code work} started
   * @throws IllegalStateException when a captured lock was released before {@code work} started
   */
  default void run(Runnable work) {
    try {
      call(
          () -> {
            work.run();
            return null;
          });
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      // a Runnable throws no checked exception, and neither does the hold
      throw new UndeclaredThrowableException(e);
    }
  }
}
