package dev.fenced.core.locks;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The locks of the guarded runs on each thread, innermost first: a nested guarded run hides the
 * outer lock until it ends, then the outer one is current again.
 *
 * <p>It is also the record of which locks a thread holds, for re-entrancy: a thread that runs
 * inside the work of a lock (a {@code withLock} callable, a job's run) holds that lock, and a
 * nested guarded call on the same key runs inside that hold instead of taking the key again (see
 * {@link #lock(String)}). A lock taken with {@code tryAcquire} is not entered here: it belongs to
 * no thread (any thread may close it).
 */
public final class ThreadLocalLocksContext implements LocksContext {

  private final ThreadLocal<Deque<Lock>> locks = new ThreadLocal<>();

  @Override
  public Optional<Lock> lock() {
    Deque<Lock> stack = locks.get();
    return stack == null ? Optional.empty() : Optional.ofNullable(stack.peekFirst());
  }

  /**
   * The lock on {@code key} whose work the current thread runs inside: the innermost such lock of
   * its guarded runs, whether or not it is still held (a lost one makes the nested call fail as a
   * run of the outer hold would).
   *
   * @param key a lock key
   * @return the lock the thread runs under on {@code key}, or empty when it runs under none
   */
  public Optional<Lock> lock(String key) {
    Objects.requireNonNull(key, "key");
    Deque<Lock> stack = locks.get();
    if (stack == null) {
      return Optional.empty();
    }
    for (Lock lock : stack) {
      if (lock.key().equals(key)) {
        return Optional.of(lock);
      }
    }
    return Optional.empty();
  }

  /**
   * The locks the current thread runs inside now, innermost first: what {@link
   * LockManager#capture()} hands to another thread.
   *
   * @return a copy, empty outside a guarded run
   */
  public List<Lock> locks() {
    Deque<Lock> stack = locks.get();
    return stack == null ? List.of() : List.copyOf(stack);
  }

  /**
   * Whether the current thread already runs inside the work of this very lock.
   *
   * @param lock a lock
   * @return whether a guarded run on this thread entered it and has not ended
   */
  boolean isEntered(Lock lock) {
    Deque<Lock> stack = locks.get();
    if (stack == null) {
      return false;
    }
    for (Lock entered : stack) {
      if (entered == lock) {
        return true;
      }
    }
    return false;
  }

  /**
   * Makes {@code lock} the current thread's lock until the returned scope is closed, on this
   * thread.
   *
   * @param lock the lock of the run that starts
   * @return closes the scope, restoring the outer lock
   */
  public Scope enter(Lock lock) {
    Objects.requireNonNull(lock, "lock");
    Deque<Lock> stack = locks.get();
    if (stack == null) {
      stack = new ArrayDeque<>();
      locks.set(stack);
    }
    stack.push(lock);
    Deque<Lock> entered = stack;
    return () -> {
      entered.removeFirstOccurrence(lock);
      if (entered.isEmpty()) {
        // pooled threads outlive the application: leave nothing behind
        locks.remove();
      }
    };
  }

  /** The extent of one guarded run on one thread. */
  @FunctionalInterface
  public interface Scope extends AutoCloseable {

    /** Ends the run's scope; the outer lock, if any, is current again. */
    @Override
    void close();
  }
}
