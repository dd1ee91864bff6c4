package dev.fenced.core.locks;

import dev.fenced.core.LogKeys;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One acquisition of a lock: held until it is closed or lost, whichever comes first; the other then
 * does nothing. Its lease is kept by a {@link LeaseKeeper}. A close may ask for a minimum hold: the
 * lease then stays in the store until that long after the acquire request was sent.
 */
final class HeldLock implements Lock {

  private static final System.Logger LOG = System.getLogger("dev.fenced.locks");

  private enum State {
    HELD,
    LOST,
    CLOSED
  }

  private final String key;
  private final String owner;
  private final long fencingToken;
  private final Consumer<Duration> release;
  private final List<Consumer<LockLost>> listeners = new ArrayList<>();
  private State state = State.HELD;
  private LockLost lost;

  /**
   * @param release stops the lease and frees it in the store, or keeps it there for the minimum
   *     hold it is given (zero: none); runs once, on the first close of a held lock
   */
  HeldLock(String key, String owner, long fencingToken, Consumer<Duration> release) {
    this.key = Objects.requireNonNull(key, "key");
    this.owner = Objects.requireNonNull(owner, "owner");
    this.fencingToken = fencingToken;
    this.release = Objects.requireNonNull(release, "release");
  }

  @Override
  public String key() {
    return key;
  }

  @Override
  public String owner() {
    return owner;
  }

  @Override
  public long fencingToken() {
    return fencingToken;
  }

  @Override
  public synchronized boolean isHeld() {
    return state == State.HELD;
  }

  @Override
  public void onLost(Consumer<LockLost> listener) {
    whenLost(listener);
  }

  /**
   * Like {@link #onLost}, but the listener can be removed again: guarded runs come and go under a
   * lease that lives long, and must not pile up listeners on it.
   *
   * @return removes the listener; does nothing once it ran
   */
  Runnable whenLost(Consumer<LockLost> listener) {
    Objects.requireNonNull(listener, "listener");
    LockLost alreadyLost;
    synchronized (this) {
      if (state == State.HELD) {
        listeners.add(listener);
        return () -> {
          synchronized (this) {
            listeners.remove(listener);
          }
        };
      }
      alreadyLost = lost;
    }
    if (alreadyLost != null) {
      notify(listener, alreadyLost);
    }
    return () -> {};
  }

  /**
   * The loss of this acquisition, once it was lost.
   *
   * @return the loss, or empty while held or after a close
   */
  synchronized Optional<LockLost> lost() {
    return Optional.ofNullable(lost);
  }

  /**
   * Marks a held lock lost and calls its listeners, each once, on this thread.
   *
   * @return the loss, or {@code null} when the lock was already lost or closed
   */
  LockLost markLost(DetectedBy detectedBy) {
    LockLost loss;
    List<Consumer<LockLost>> toNotify;
    synchronized (this) {
      if (state != State.HELD) {
        return null;
      }
      state = State.LOST;
      loss = new LockLost(key, owner, fencingToken, detectedBy);
      lost = loss;
      toNotify = List.copyOf(listeners);
      listeners.clear();
    }
    toNotify.forEach(listener -> notify(listener, loss));
    return loss;
  }

  @Override
  public void close() {
    closeHolding(Duration.ZERO);
  }

  /**
   * Closes a held lock like {@link #close()}, but leaves its lease in the store until {@code
   * minimumHold} has passed since the acquire request was sent. Does nothing once lost or closed.
   *
   * @param minimumHold zero or more; zero frees the lease now
   */
  void closeHolding(Duration minimumHold) {
    synchronized (this) {
      if (state != State.HELD) {
        return;
      }
      state = State.CLOSED;
      listeners.clear();
    }
    release.accept(minimumHold);
  }

  private static void notify(Consumer<LockLost> listener, LockLost loss) {
    try {
      listener.accept(loss);
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "A listener of the loss of lock " + LogKeys.of(loss.key()) + " threw",
          e);
    }
  }

  @Override
  public String toString() {
    return "Lock[" + LogKeys.of(key) + ", fencingToken=" + fencingToken + "]";
  }
}
