package dev.fenced.core.locks;

import dev.fenced.core.LogKeys;
import dev.fenced.core.time.Scheduler;
import dev.fenced.core.time.Scheduler.ScheduledTask;
import dev.fenced.locks.LeadershipLost.Reason;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.LockStoreUnavailableException;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * One instance's part in one leader election: while not leader it tries to take the election's
 * lease at {@link #start()} and then every ttl/3; while leader the lease is renewed by its keeper.
 *
 * <p>Each term calls {@code onAcquired} once, then {@code onLost} once with why it ended: {@link
 * Reason#LOST} (the lease was lost; trying resumes), {@link Reason#CALLBACK_FAILED} ({@code
 * onAcquired} threw; the lease is released and trying resumes at the next tick) or {@link
 * Reason#SHUTDOWN} ({@link #stop()}). {@code onLost} never runs before {@code onAcquired} has
 * returned; a term that ended before its {@code onAcquired} could start gets neither call.
 *
 * <p>Both callbacks run in order on the loop's own {@code callbacks} executor, never on a scheduler
 * thread, so a slow callback delays neither the lease's renewals nor its deadline check; except
 * that {@code stop()} runs {@code onLost(SHUTDOWN)} on its caller's thread. The lease is kept with
 * no renewal cap ({@link LockManager#tryAcquireForLife}): the loop holds it for the application's
 * life. An unreachable store just means "not leader now".
 */
public final class LeaderLoop {

  private static final System.Logger LOG = System.getLogger("dev.fenced.locks");

  private final LockManager locks;
  private final Scheduler scheduler;
  private final Executor callbacks;
  private final String key;
  private final LockOptions options;
  private final Duration interval;
  private final OnLeadershipAcquired onAcquired;
  private final OnLeadershipLost onLost;

  private final Object monitor = new Object();
  private boolean running;
  private ScheduledTask nextTry;
  private Term term;

  /**
   * Creates a loop; nothing happens before {@link #start()}.
   *
   * @param locks takes the lease
   * @param scheduler runs the tries
   * @param callbacks runs {@code onAcquired} and {@code onLost}, one at a time in the order given
   *     (a single thread of the loop's own); never a thread of {@code scheduler}
   * @param key the election key, not empty
   * @param ttl the lease's ttl, positive
   * @param onAcquired called when this instance becomes leader
   * @param onLost called when a term ends
   */
  public LeaderLoop(
      LockManager locks,
      Scheduler scheduler,
      Executor callbacks,
      String key,
      Duration ttl,
      OnLeadershipAcquired onAcquired,
      OnLeadershipLost onLost) {
    this.locks = Objects.requireNonNull(locks, "locks");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    this.callbacks = Objects.requireNonNull(callbacks, "callbacks");
    this.key = Objects.requireNonNull(key, "key");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("An election key must not be empty");
    }
    this.options = LockOptions.defaults().withTtl(ttl);
    this.interval = Duration.ofNanos(Math.max(1, ttl.toNanos() / 3));
    this.onAcquired = Objects.requireNonNull(onAcquired, "onAcquired");
    this.onLost = Objects.requireNonNull(onLost, "onLost");
  }

  /** Starts competing: the first try runs at once on the scheduler. Does nothing if started. */
  public void start() {
    synchronized (monitor) {
      if (running) {
        return;
      }
      running = true;
      scheduleTry(Duration.ZERO);
    }
  }

  /**
   * Stops competing; a leader releases its lease and gets {@code onLost(SHUTDOWN)}, on this thread
   * unless its {@code onAcquired} is still running (then right after it returns).
   */
  public void stop() {
    Term ending;
    synchronized (monitor) {
      running = false;
      if (nextTry != null) {
        nextTry.cancel();
        nextTry = null;
      }
      ending = term;
    }
    if (ending != null) {
      end(ending, Reason.SHUTDOWN, true);
    }
  }

  /**
   * Whether this instance leads now, as far as it knows.
   *
   * @return whether a term is on and its lease is held
   */
  public boolean isLeader() {
    return currentLease().isPresent();
  }

  /**
   * The lease of the current term.
   *
   * @return the held lease, or empty when not leader
   */
  public Optional<Lock> currentLease() {
    synchronized (monitor) {
      return term != null && term.lease.isHeld() ? Optional.of(term.lease) : Optional.empty();
    }
  }

  private void scheduleTry(Duration delay) {
    // callers hold the monitor
    if (running && nextTry == null && term == null) {
      nextTry = scheduler.schedule(this::tryToLead, delay);
    }
  }

  private void tryToLead() {
    synchronized (monitor) {
      nextTry = null;
      if (!running || term != null) {
        return;
      }
    }
    Optional<Lock> lease;
    try {
      lease = locks.tryAcquireForLife(key, options);
    } catch (LockStoreUnavailableException e) {
      LOG.log(
          System.Logger.Level.DEBUG,
          "Election " + LogKeys.of(key) + ": lock store unreachable, not leader now");
      lease = Optional.empty();
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "Election " + LogKeys.of(key) + ": the lock store failed, not leader now",
          e);
      lease = Optional.empty();
    }
    Term started;
    synchronized (monitor) {
      if (lease.isEmpty()) {
        scheduleTry(interval);
        return;
      }
      if (!running) {
        started = null; // stopped while we were acquiring
      } else {
        started = new Term(lease.get());
        term = started;
      }
    }
    if (started == null) {
      lease.get().close();
      return;
    }
    started.lease.onLost(loss -> end(started, Reason.LOST, false));
    try {
      callbacks.execute(() -> lead(started));
    } catch (RejectedExecutionException e) {
      // the application is stopping: the term ends unannounced
      LOG.log(
          System.Logger.Level.DEBUG,
          "Election " + LogKeys.of(key) + ": callbacks no longer run; stepping down");
      end(started, Reason.SHUTDOWN, false);
    }
  }

  private void lead(Term started) {
    synchronized (monitor) {
      if (started.ended != null) {
        return; // ended before it was announced: neither callback runs
      }
    }
    RuntimeException failure = null;
    try {
      onAcquired.onLeadershipAcquired(started.lease);
    } catch (RuntimeException e) {
      failure = e;
      LOG.log(
          System.Logger.Level.WARNING,
          "Election " + LogKeys.of(key) + ": onLeadershipAcquired threw; stepping down",
          e);
    }
    Reason endedMeanwhile;
    synchronized (monitor) {
      started.acquiredReturned = true;
      endedMeanwhile = started.ended;
    }
    if (endedMeanwhile != null) {
      // the term ended while the callback ran; its end waited for the callback to return
      notifyLost(endedMeanwhile);
    } else if (failure != null) {
      end(started, Reason.CALLBACK_FAILED, true);
    }
  }

  /**
   * Ends a term once, whoever comes first: loss, stop or a failed callback.
   *
   * @param inline whether {@code onLost} runs on this thread (a stop, or the callback thread
   *     itself) rather than on the callback thread (a loss, found on a scheduler thread)
   */
  private void end(Term ending, Reason reason, boolean inline) {
    boolean notifyNow;
    synchronized (monitor) {
      if (ending.ended != null) {
        return;
      }
      ending.ended = reason;
      if (term == ending) {
        term = null;
      }
      notifyNow = ending.acquiredReturned;
      scheduleTry(interval);
    }
    // a lost lease is not held, so this releases only after a stop or a failed callback
    ending.lease.close();
    if (!notifyNow) {
      return;
    }
    if (inline) {
      notifyLost(reason);
      return;
    }
    try {
      callbacks.execute(() -> notifyLost(reason));
    } catch (RejectedExecutionException e) {
      notifyLost(reason); // the callback thread is gone: late rather than never
    }
  }

  private void notifyLost(Reason reason) {
    try {
      onLost.onLeadershipLost(reason);
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "Election " + LogKeys.of(key) + ": onLeadershipLost threw",
          e);
    }
  }

  private static final class Term {
    final Lock lease;
    boolean acquiredReturned;
    Reason ended;

    Term(Lock lease) {
      this.lease = lease;
    }
  }
}
