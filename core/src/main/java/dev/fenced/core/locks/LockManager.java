package dev.fenced.core.locks;

import dev.fenced.core.LogKeys;
import dev.fenced.core.OwnerId;
import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.time.Scheduler;
import dev.fenced.locks.CapturedLocks;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.LockNotAcquiredException;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.LockStoreUnavailableException;
import dev.fenced.locks.Locks;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link Locks} on a {@link LockStore}: each acquisition gets a random owner id and the store's
 * fencing token, and its lease is renewed every ttl/3 until it is closed or lost, but for at most
 * {@link LockSettings#maxRenewal()}: a lock its owner never closes is then lost at its deadline
 * (with a WARNING), rather than held forever. Only {@link #tryAcquireForLife} leases have no cap.
 *
 * <p>A store that cannot be reached while a lock is taken makes {@link #tryAcquire}, {@link
 * #withLock} and the others throw {@link LockStoreUnavailableException} ({@code
 * LOCK_STORE_UNAVAILABLE}): the work never runs unguarded.
 *
 * <p>When a lock is lost while its work runs (in {@link #withLock} or {@link #callUnder}) and
 * {@link LockSettings#interruptOnLoss()} is on, the thread running the work is interrupted. That
 * interrupt is taken back when the work ends, so the thread's interrupt flag afterwards is what it
 * would have been without it; if the work ended by throwing the {@link InterruptedException} it
 * caused, the caller gets a {@link LockLostException} instead (the {@code InterruptedException}
 * suppressed in it).
 *
 * <p><b>Re-entrancy.</b> A thread that runs inside the work of a lock on key K ({@link #withLock},
 * or {@link #callUnder}: a job's run) holds K; a {@link #withLock} on K on that thread, and a job
 * guard that asks {@link #heldByCurrentThread}, runs its work directly inside that hold, like
 * {@code ReentrantLock}: nothing is taken or released, the outer lock's keeper goes on renewing it,
 * {@link #context()} shows the outer lock (and its fencing token), and the inner call's options are
 * not used. The outer hold ends when the outer work ends, never earlier. If the outer lock was
 * lost, the nested call throws {@link LockLostException}. Other threads, of this instance too,
 * still find the key held. {@link #tryAcquire} is not re-entrant: its lock belongs to no thread
 * (any thread may close it), so on a key held by its own thread it returns empty, and its lock does
 * not make a later call on its thread re-entrant.
 *
 * <p>{@link #shutdown()} releases every lock the manager still holds and refuses new ones: the last
 * step before the application's scheduler and store go away.
 */
public final class LockManager implements Locks {

  private static final System.Logger LOG = System.getLogger("dev.fenced.locks");

  private final LockStore store;
  private final Scheduler scheduler;
  private final LockSettings settings;
  private final ThreadLocalLocksContext context;
  private final Set<Lock> open = ConcurrentHashMap.newKeySet();
  private volatile boolean shutDown;

  /**
   * Creates a manager with its own {@link ThreadLocalLocksContext}.
   *
   * @param store where the locks live
   * @param scheduler renewals, deadlines, waits and the monotonic clock
   * @param settings ttl, interruption, loss listener, backoff
   */
  public LockManager(LockStore store, Scheduler scheduler, LockSettings settings) {
    this(store, scheduler, settings, new ThreadLocalLocksContext());
  }

  /**
   * Creates a manager.
   *
   * @param store where the locks live
   * @param scheduler renewals, deadlines, waits and the monotonic clock
   * @param settings ttl, interruption, loss listener, backoff
   * @param context where guarded runs publish their lock, shared with the interceptors
   */
  public LockManager(
      LockStore store,
      Scheduler scheduler,
      LockSettings settings,
      ThreadLocalLocksContext context) {
    this.store = Objects.requireNonNull(store, "store");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.context = Objects.requireNonNull(context, "context");
  }

  /**
   * The context in which {@link #withLock} and {@link #callUnder} publish the running lock.
   *
   * @return the context
   */
  public ThreadLocalLocksContext context() {
    return context;
  }

  /**
   * {@inheritDoc}
   *
   * <p>If the thread is interrupted while it waits, the interrupt flag is set again and the result
   * is empty.
   */
  @Override
  public Optional<Lock> tryAcquire(String key, LockOptions options) {
    return tryAcquire(key, options, settings.maxRenewal());
  }

  /**
   * Like {@link #tryAcquire}, for a lease that Fenced's own loops keep for the application's life
   * (an election's lease, a job's sticky {@code @OnOneInstance} lease): it is renewed until it is
   * closed or lost, with no {@link LockSettings#maxRenewal() cap}.
   *
   * @param key the lease's key
   * @param options its ttl and wait
   * @return the lease, or empty when another holder has it
   */
  public Optional<Lock> tryAcquireForLife(String key, LockOptions options) {
    return tryAcquire(key, options, LeaseRenewal.UNCAPPED);
  }

  /**
   * Like {@link #tryAcquire}, with a renewal cap of its own instead of {@link
   * LockSettings#maxRenewal()} (a job's {@code lockAtMostFor}): the lock is renewed until {@code
   * maxRenewal} has passed since its acquire request was sent, then lost at its deadline, its
   * listeners and the loss listener told, like any lost lock.
   *
   * @param key the lock's key
   * @param options its ttl and wait
   * @param maxRenewal positive
   * @return the lock, or empty when another holder has it
   */
  public Optional<Lock> tryAcquire(String key, LockOptions options, Duration maxRenewal) {
    Objects.requireNonNull(maxRenewal, "maxRenewal");
    if (maxRenewal.isZero() || maxRenewal.isNegative()) {
      throw new IllegalArgumentException("maxRenewal must be positive, was " + maxRenewal);
    }
    try {
      return acquire(key, options, maxRenewal).lock();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>Re-entrant: on a thread that already runs inside the work of a lock on {@code key}, {@code
   * work} runs inside that hold (see the class comment), and {@code options} are not used.
   *
   * @throws LockLostException when the lock was lost before {@code work} started, or when the loss
   *     interrupted {@code work} and it threw the {@link InterruptedException}
   * @throws InterruptedException when the thread was interrupted while waiting for the lock
   */
  @Override
  public <T> T withLock(String key, Callable<T> work, LockOptions options) throws Exception {
    Objects.requireNonNull(work, "work");
    Optional<Lock> outer = heldByCurrentThread(key);
    if (outer.isPresent()) {
      return callUnder(outer.get(), work);
    }
    try (Lock lock = acquireOrThrow(key, options)) {
      return callUnder(lock, work);
    }
  }

  /**
   * The lock on {@code key} whose work the current thread runs inside now (a {@link #withLock}
   * callable, a job's run), innermost first: a nested call on {@code key} runs under it with {@link
   * #callUnder} instead of taking the key, which another owner holds (the outer one).
   *
   * @param key the lock key
   * @return the outer hold, or empty when this thread holds no lock on {@code key}
   */
  public Optional<Lock> heldByCurrentThread(String key) {
    return context.lock(key);
  }

  /**
   * Takes the lock on {@code key} as {@link #withLock} does, for a caller that runs the work with
   * {@link #callUnder} and closes the lock itself (after its transaction, say).
   *
   * @param key the lock key, never empty
   * @param options ttl and wait
   * @return the held lock, which the caller must close
   * @throws LockNotAcquiredException when another holder kept the lock for the whole wait
   * @throws InterruptedException when the thread was interrupted while waiting for the lock
   */
  public Lock acquireOrThrow(String key, LockOptions options) throws InterruptedException {
    Attempt attempt = acquire(key, options, settings.maxRenewal());
    return attempt.lock().orElseThrow(() -> new LockNotAcquiredException(key, attempt.waited()));
  }

  /**
   * Runs {@code work} under a lock the caller already holds and keeps holding afterwards (the
   * sticky lease of a one-instance job): the lock is current in {@link #context()} while it runs,
   * and its loss interrupts the run when {@link LockSettings#interruptOnLoss()} is on.
   *
   * <p>On a thread already inside the work of {@code lock} (a re-entered hold), the outer run's
   * watch is the one that interrupts the thread on a loss; an {@link InterruptedException} that
   * {@code work} throws after the loss ends the nested call as a {@link LockLostException}.
   *
   * @param lock a held lock from this manager
   * @param work what to run
   * @param <T> the result type
   * @return what {@code work} returned
   * @throws LockLostException when the lock is already lost, or its loss interrupted {@code work}
   *     and it threw the {@link InterruptedException}
   * @throws Exception what {@code work} threw
   */
  public <T> T callUnder(Lock lock, Callable<T> work) throws Exception {
    Objects.requireNonNull(lock, "lock");
    Objects.requireNonNull(work, "work");
    boolean reentered = context.isEntered(lock);
    ThreadLocalLocksContext.Scope scope = context.enter(lock);
    try {
      if (reentered) {
        return callReentered(lock, work);
      }
      if (!settings.interruptOnLoss()) {
        requireHeld(lock);
        return work.call();
      }
      LossInterrupter interrupter = new LossInterrupter(Thread.currentThread());
      Runnable unwatch = watch(lock, interrupter);
      try {
        requireHeld(lock);
        return work.call();
      } catch (InterruptedException e) {
        LockLost loss = interrupter.finish();
        if (loss == null) {
          throw e;
        }
        LockLostException lost = loss.toException();
        lost.addSuppressed(e);
        throw lost;
      } finally {
        interrupter.finish();
        unwatch.run();
      }
    } finally {
      scope.close();
    }
  }

  /**
   * The holds of the current thread ({@link ThreadLocalLocksContext#locks()}), to run work inside
   * them on another thread.
   *
   * @return the captured holds, none outside a guarded run
   */
  public CapturedLocks capture() {
    return new CapturedHolds(this, context.locks());
  }

  /** A nested run inside its own thread's hold: the outer run watches the lock, not this one. */
  private <T> T callReentered(Lock lock, Callable<T> work) throws Exception {
    requireHeld(lock);
    try {
      return work.call();
    } catch (InterruptedException e) {
      Optional<LockLost> loss =
          settings.interruptOnLoss() && lock instanceof HeldLock held
              ? held.lost()
              : Optional.empty();
      if (loss.isEmpty()) {
        throw e;
      }
      LockLostException lost = loss.get().toException();
      lost.addSuppressed(e);
      throw lost;
    }
  }

  private static Runnable watch(Lock lock, LossInterrupter interrupter) {
    if (lock instanceof HeldLock held) {
      return held.whenLost(interrupter);
    }
    // a foreign lock cannot drop the listener; finish() makes it inert
    lock.onLost(interrupter);
    return () -> {};
  }

  private static void requireHeld(Lock lock) {
    if (lock.isHeld()) {
      return;
    }
    if (lock instanceof HeldLock held && held.lost().isPresent()) {
      throw held.lost().get().toException();
    }
    throw new IllegalStateException("Lock " + LogKeys.of(lock.key()) + " is not held");
  }

  /**
   * Closes {@code lock} as {@link Lock#close()} does, except that the store keeps it until {@code
   * minimumHold} has passed since its acquire request was sent (ShedLock's {@code lockAtLeastFor}):
   * when that moment is still ahead, renewal stops and, instead of a release, one owner-checked
   * {@link LockStore#renew} gives the lock the time that remains (rounded up to a millisecond), so
   * the store's expiry is at least the acquire request's start plus {@code minimumHold}; another
   * owner can take the key once it has passed. When it has passed already, or {@code minimumHold}
   * is zero, the lock is released now. A lock already lost or closed is left alone: a lost lock is
   * never extended. The lock is no longer held (nor counted by {@link #heldLocks()}) once this
   * returns, whichever way it ended; {@link #shutdown()} does not cut a hold kept this way short.
   *
   * @param lock a lock from this manager (any other lock is just closed)
   * @param minimumHold zero or more, at most {@link StoreLimits#MAX_TTL_MILLIS}
   * @throws IllegalArgumentException when {@code minimumHold} is negative or too long
   */
  public void closeHeldAtLeast(Lock lock, Duration minimumHold) {
    Objects.requireNonNull(lock, "lock");
    requireMinimumHold(minimumHold);
    if (lock instanceof HeldLock held) {
      held.closeHolding(minimumHold);
    } else {
      lock.close();
    }
  }

  /**
   * Checks a minimum hold for {@link #closeHeldAtLeast}, for a caller that must know beforehand
   * that the close will not throw.
   *
   * @param minimumHold the hold
   * @return {@code minimumHold}
   * @throws IllegalArgumentException when it is negative or longer than {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   */
  public static Duration requireMinimumHold(Duration minimumHold) {
    Objects.requireNonNull(minimumHold, "minimumHold");
    if (minimumHold.isNegative()
        || minimumHold.compareTo(Duration.ofMillis(StoreLimits.MAX_TTL_MILLIS)) > 0) {
      throw new IllegalArgumentException(
          "minimumHold must be zero to " + StoreLimits.MAX_TTL_MILLIS + " ms, was " + minimumHold);
    }
    return minimumHold;
  }

  /**
   * Releases every lock this manager still holds (without a loss: their listeners are not told) and
   * refuses new ones from now on. Idempotent.
   *
   * @return how many held locks were released
   */
  public int shutdown() {
    shutDown = true;
    int released = 0;
    for (Lock lock : Set.copyOf(open)) {
      if (lock.isHeld()) {
        lock.close();
        released++;
      }
    }
    open.clear();
    return released;
  }

  /**
   * Whether {@link #shutdown()} was called.
   *
   * @return whether new locks are refused
   */
  public boolean isShutDown() {
    return shutDown;
  }

  /**
   * How many locks this manager holds now.
   *
   * @return the number of acquisitions neither closed nor lost
   */
  public int heldLocks() {
    return open.size();
  }

  private Attempt acquire(String key, LockOptions options, Duration maxRenewal)
      throws InterruptedException {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(options, "options");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("A lock key must not be empty");
    }
    requireRunning(key);
    long ttlMillis = Math.max(1, options.ttl().orElse(settings.defaultTtl()).toMillis());
    String owner = OwnerId.random();
    long startedAt = scheduler.nanoTime();
    long giveUpAt = startedAt + options.waitFor().toNanos();
    int failedTries = 0;
    while (true) {
      long tryStartedAt = scheduler.nanoTime();
      OptionalLong token;
      try {
        token = store.acquire(key, owner, ttlMillis);
      } catch (StoreUnavailableException e) {
        throw new LockStoreUnavailableException(key, e);
      }
      if (token.isPresent()
          && LeaseRenewal.deadlinePassed(
              tryStartedAt, scheduler.nanoTime(), options.ttl().orElse(settings.defaultTtl()))) {
        // the lock may have expired in the store and been taken by another owner before this
        // answer came: it is never handed out
        releaseLate(key, owner);
        throw new LockStoreUnavailableException(
            key,
            new StoreUnavailableException(
                "the lock store answered the acquire only after the lock's ttl had nearly passed"));
      }
      if (token.isPresent()) {
        Lock[] kept = new Lock[1];
        LeaseKeeper keeper =
            new LeaseKeeper(
                store,
                scheduler,
                key,
                owner,
                token.getAsLong(),
                ttlMillis,
                maxRenewal,
                tryStartedAt,
                settings.lossListener(),
                () -> open.remove(kept[0]));
        kept[0] = keeper.lock();
        open.add(kept[0]);
        keeper.start();
        if (shutDown) {
          // shut down while the store answered: hand nothing out
          keeper.lock().close();
          requireRunning(key);
        }
        return new Attempt(Optional.of(keeper.lock()), Duration.ZERO);
      }
      failedTries++;
      long now = scheduler.nanoTime();
      if (now - giveUpAt >= 0) {
        // a single try waited for nothing, however long the store took to answer
        Duration waited =
            options.waitFor().isZero() ? Duration.ZERO : Duration.ofNanos(now - startedAt);
        return new Attempt(Optional.empty(), waited);
      }
      Duration pause = settings.backoff().pause(failedTries, settings.random());
      // never sleep past the deadline: the last try happens at it
      scheduler.sleep(Duration.ofNanos(Math.min(pause.toNanos(), giveUpAt - now)));
    }
  }

  /** Releases a lock acquired too late to use; one that stays expires by itself within its ttl. */
  private void releaseLate(String key, String owner) {
    try {
      store.release(key, owner);
    } catch (StoreUnavailableException e) {
      LOG.log(
          Level.DEBUG,
          () -> "A lock acquired too late to use stays until it expires: " + LogKeys.of(key),
          e);
    }
  }

  private void requireRunning(String key) {
    if (shutDown) {
      throw new IllegalStateException(
          "The lock manager is shut down (the application is stopping); lock "
              + LogKeys.of(key)
              + " was not taken");
    }
  }

  private record Attempt(Optional<Lock> lock, Duration waited) {}
}
