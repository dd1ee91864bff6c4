package dev.fenced.core.locks;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;

/**
 * The locks of the guarded runs on each thread, innermost first: a nested guarded run hides the
 * outer lock until it ends, then the outer one is current again.
 */
public final class ThreadLocalLocksContext implements LocksContext {

  private final ThreadLocal<Deque<Lock>> locks = new ThreadLocal<>();

  @Override
  public Optional<Lock> lock() {
    Deque<Lock> stack = locks.get();
    return stack == null ? Optional.empty() : Optional.ofNullable(stack.peekFirst());
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
