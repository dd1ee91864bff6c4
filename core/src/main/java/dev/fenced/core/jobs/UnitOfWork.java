package dev.fenced.core.jobs;

import dev.fenced.locks.Lock;
import java.lang.System.Logger.Level;
import java.util.Optional;

/**
 * The unit of work (in a server, the JTA transaction) the calling thread runs in, as far as
 * releasing a run's lock needs it: a lock that guarded writes made in a transaction must stay held
 * until that transaction has ended, or another instance could start a run that does not yet see
 * them.
 */
@FunctionalInterface
public interface UnitOfWork {

  /** No unit of work ever: locks are released when the run returns. */
  UnitOfWork NONE = release -> false;

  /**
   * Arranges for {@code release} to run once the unit of work on the calling thread has ended,
   * committed or rolled back, possibly on another thread.
   *
   * @param release what to run then; it must not throw
   * @return {@code true} when it will run then; {@code false} when there is no unit of work to wait
   *     for, or it can no longer be waited for (one that can only roll back, or is ending): the
   *     caller runs it now
   */
  boolean runAtEnd(Runnable release);

  /**
   * Closes {@code lock} (its renewal goes on until then) once the unit of work on the calling
   * thread has ended, or now when there is none or it cannot be waited for. Never throws for the
   * unit of work: when arranging the wait fails the lock is closed now.
   *
   * @param lock a held lock
   */
  default void closeAtEnd(Lock lock) {
    closeAtEnd(lock, lock::close);
  }

  /**
   * Runs {@code close}, which closes {@code lock} in some way of its own (keeping a minimum hold,
   * say), once the unit of work on the calling thread has ended, and keeps the lock for later runs
   * in it until then ({@link #kept}); or closes it now when there is none or it cannot be waited
   * for. Never throws for the unit of work: when arranging the wait fails it runs now.
   *
   * @param lock a held lock
   * @param close closes the lock; it must not throw
   */
  default void closeAtEnd(Lock lock, Runnable close) {
    boolean deferred;
    try {
      deferred = keepUntilEnd(lock, close);
    } catch (RuntimeException e) {
      System.getLogger("dev.fenced.locks")
          .log(Level.DEBUG, "Could not wait for the unit of work; releasing the lock now", e);
      deferred = false;
    }
    if (!deferred) {
      close.run();
    }
  }

  /**
   * Keeps {@code lock} until the unit of work on the calling thread ends, then runs {@code close}.
   * A unit of work that can tell its locks apart answers for them in {@link #kept} meanwhile; this
   * one only defers the close ({@link #runAtEnd}).
   *
   * @param lock a held lock
   * @param close closes the lock; it must not throw
   * @return as {@link #runAtEnd}
   */
  default boolean keepUntilEnd(Lock lock, Runnable close) {
    return runAtEnd(close);
  }

  /**
   * The lock on {@code key} that this unit of work keeps until it ends (an earlier run or {@code
   * withLock} in it took it): a later one in the same unit of work runs inside it instead of
   * finding its own lock in the way. Answered on the calling thread, for the unit of work on it.
   *
   * @param key the lock key
   * @return the kept lock, while it is held; empty when none, or outside a unit of work
   */
  default Optional<Lock> kept(String key) {
    return Optional.empty();
  }
}
