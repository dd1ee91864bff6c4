package dev.fenced.core.idempotency;

import dev.fenced.core.LogKeys;
import dev.fenced.core.encryption.RecordSealer;
import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.locks.Backoff;
import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * One claimed attempt at a key: while it runs, its lock is renewed every {@code lockTtl / 3} (for
 * at most the engine's renewal cap: a claim nobody ends is then lost at its deadline, with a
 * WARNING); it ends with exactly one {@link #complete} (record the outcome) or {@link #release}
 * (let a retry run). The two phases are apart so an adapter can record the outcome after a JTA
 * transaction commits, on another thread. {@link #close()} releases an execution that has not
 * ended, for try-with-resources.
 *
 * <p>{@link #complete} keeps the lock renewed while it records the outcome and retries a store that
 * fails, with jittered, growing pauses, until the lock's deadline: a brief store error after the
 * work ran does not let a retry run it again. Neither {@code complete} nor {@code release} ever
 * throws what the store or the sealer threw; they log it and say what became of the record.
 *
 * <p>Where the store records outcomes inside the caller's transaction ({@link CompletionWithWork}),
 * {@link #completeWithWork} writes the outcome as part of the work's own transaction; the execution
 * then ends when that transaction does: {@link #endCommitted} after a commit, {@link #close} after
 * a rollback. When the outcome is known only after the commit, {@link #markCommittedWithWork}
 * writes a commit mark in that transaction instead, and the execution ends as usual afterwards.
 *
 * <p>When the lock is lost (a refused renewal, {@code lockTtl} without a confirmed renewal, or a
 * refused {@code complete} or {@code release}), each {@linkplain #onLockLost listener} hears it
 * once. Thread-safe.
 */
public final class Execution implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  /** The pauses between tries of {@link #complete}: 50 ms doubling up to 1 s, jittered. */
  private static final Backoff COMPLETE_BACKOFF = Backoff.DEFAULT;

  private final IdempotencyStore store;
  private final RecordSealer sealer;
  private final RecordKey key;
  private final String owner;
  private final Instant claimedAt;
  private final Scheduler scheduler;
  private final Duration lockTtl;
  private final RandomGenerator random;
  private final Object lock = new Object();
  private final List<Consumer<DetectedBy>> listeners = new ArrayList<>();
  private volatile LeaseRenewal renewal;
  private Duration maxRenewal;
  private long acquiredAtNanos;
  private long markSentAtNanos;
  private volatile boolean committedUnderMark;
  private DetectedBy lostBy;
  private boolean ended;

  /**
   * @param scheduler renews the lock, measures the deadlines and paces the retries of complete
   * @param lockTtl how long the lock lives without renewal
   * @param random the jitter of the pauses between tries of complete
   */
  Execution(
      IdempotencyStore store,
      RecordSealer sealer,
      RecordKey key,
      String owner,
      Instant claimedAt,
      Scheduler scheduler,
      Duration lockTtl,
      RandomGenerator random) {
    this.store = store;
    this.sealer = sealer;
    this.key = key;
    this.owner = owner;
    this.claimedAt = claimedAt;
    this.scheduler = scheduler;
    this.lockTtl = lockTtl;
    this.random = random;
  }

  /**
   * Starts renewing the lock every {@code lockTtl / 3}; its loss is reported to the listeners.
   *
   * @param maxRenewal how long after the acquire renewals stop
   * @param acquiredAtNanos the scheduler's reading taken before the acquire request was sent
   */
  void keepAlive(Duration maxRenewal, long acquiredAtNanos) {
    this.maxRenewal = maxRenewal;
    this.acquiredAtNanos = acquiredAtNanos;
    renewFrom(acquiredAtNanos);
  }

  /** Starts renewing a lock last confirmed at {@code confirmedAtNanos}, within the renewal cap. */
  private void renewFrom(long confirmedAtNanos) {
    long lockTtlMillis = lockTtl.toMillis();
    long cap =
        maxRenewal.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0
            ? Long.MAX_VALUE
            : maxRenewal.toNanos();
    long capLeft = cap - (confirmedAtNanos - acquiredAtNanos);
    LeaseRenewal started =
        new LeaseRenewal(
            scheduler,
            lockTtl,
            Duration.ofNanos(Math.max(1, capLeft)),
            confirmedAtNanos,
            () -> store.extend(key.value(), owner, lockTtlMillis),
            describe(),
            this::lost);
    LeaseRenewal replaced;
    synchronized (lock) {
      if (ended) {
        return; // ended meanwhile: its close stopped the renewal it saw, and no other may start
      }
      replaced = renewal;
      renewal = started;
    }
    // one renewal at a time: a resume after a failed mark, then the transaction's end, each start
    // one
    if (replaced != null) {
      replaced.stop();
    }
    started.start();
  }

  /**
   * The record key this attempt holds.
   *
   * @return the record key
   */
  public RecordKey recordKey() {
    return key;
  }

  /**
   * The random owner id of this attempt.
   *
   * @return the owner id
   */
  public String owner() {
    return owner;
  }

  /**
   * When the key was claimed, on the engine's clock.
   *
   * @return the instant of the claim
   */
  public Instant claimedAt() {
    return claimedAt;
  }

  /**
   * How the lock was lost, if it was.
   *
   * @return how the loss was found, or empty while the lock is believed held
   */
  public Optional<DetectedBy> lockLoss() {
    synchronized (lock) {
      return Optional.ofNullable(lostBy);
    }
  }

  /**
   * Whether the lock was lost: another attempt may run the same work.
   *
   * @return {@code true} once a loss was found
   */
  public boolean isLockLost() {
    return lockLoss().isPresent();
  }

  /**
   * Registers a listener for the loss of the lock, called once, on the thread that found the loss
   * (often the scheduler's); called at once when the lock is already lost.
   *
   * @param listener receives how the loss was found; what it throws is logged and ignored
   */
  public void onLockLost(Consumer<DetectedBy> listener) {
    Objects.requireNonNull(listener, "listener");
    DetectedBy already;
    synchronized (lock) {
      already = lostBy;
      if (already == null) {
        listeners.add(listener);
      }
    }
    if (already != null) {
      notify(listener, already);
    }
  }

  /**
   * Records {@code payload} as the outcome for {@code ttl}, then stops renewal. While it tries, the
   * lock stays renewed; a store that fails is asked again after jittered pauses (50 ms doubling up
   * to 1 s) until the lock's deadline, at most {@code lockTtl} minus the {@linkplain
   * LeaseRenewal#safetyMargin safety margin} after the first try. Never throws for the store or the
   * sealer.
   *
   * @param payload the outcome to replay, byte for byte; sealed (encrypted) on its way to the store
   *     when encryption at rest is on
   * @param ttl how long it is kept, at least 1 ms
   * @return {@link Completion#STORED}; {@link Completion#LOCK_LOST} when the store refused because
   *     this attempt no longer held the lock, or refused a renewal while retrying (listeners
   *     notified); {@link Completion#STORE_UNAVAILABLE} when the outcome could not be recorded by
   *     the lock's deadline (the store kept failing), could not be sealed, or the store refused it
   *     after an earlier try whose answer was lost (logged as a WARNING)
   * @throws IllegalStateException when this execution already completed or released
   */
  public Completion complete(byte[] payload, Duration ttl) {
    Objects.requireNonNull(payload, "payload");
    ExecutionOptions.requireMillis(ttl, "ttl");
    end("complete");
    try {
      return record(payload, ttl);
    } finally {
      stopRenewal();
    }
  }

  private Completion record(byte[] payload, Duration ttl) {
    byte[] sealed =
        sealOrWarn(
            payload, "it was not recorded; a repeat will run the work again once the lock expires");
    if (sealed == null) {
      return Completion.STORE_UNAVAILABLE;
    }
    long giveUpAt =
        scheduler.nanoTime() + lockTtl.minus(LeaseRenewal.safetyMargin(lockTtl)).toNanos();
    int failedTries = 0;
    RuntimeException lastFailure = null;
    while (true) {
      // after a committed mark the record stays this attempt's, lock or not: the store decides
      if (isLockLost() && !committedUnderMark) {
        return failedTries == 0 ? Completion.LOCK_LOST : gaveUp(failedTries, lastFailure);
      }
      try {
        if (store.complete(key.value(), owner, sealed, ttl.toMillis())) {
          return Completion.STORED;
        }
        if (failedTries > 0) {
          LOG.log(
              Level.WARNING,
              "The store refused the outcome of "
                  + describe()
                  + " after "
                  + failedTries
                  + " failed tries; an earlier try may have stored it (its answer was lost), or"
                  + " the lock expired: a repeat either replays it or runs the work again");
          return Completion.STORE_UNAVAILABLE;
        }
        lost(DetectedBy.RENEWAL);
        return Completion.LOCK_LOST;
      } catch (IllegalArgumentException e) {
        LOG.log(
            Level.WARNING,
            "The store refused to record the outcome of "
                + describe()
                + "; a repeat will run the work again once the lock expires",
            e);
        return Completion.STORE_UNAVAILABLE;
      } catch (RuntimeException e) {
        lastFailure = e;
      }
      failedTries++;
      long now = scheduler.nanoTime();
      long deadline = Math.min(giveUpAt, renewalDeadline(giveUpAt));
      if (now - deadline >= 0) {
        return gaveUp(failedTries, lastFailure);
      }
      Duration pause = COMPLETE_BACKOFF.pause(failedTries, random);
      try {
        scheduler.sleep(Duration.ofNanos(Math.min(pause.toNanos(), deadline - now)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return gaveUp(failedTries, lastFailure);
      }
    }
  }

  /**
   * Records {@code payload} as the outcome with a statement of the transaction active on the
   * calling thread ({@link CompletionWithWork}), so the record commits or rolls back with the work.
   * Renewal stops first: from the write on, the caller's transaction holds the record until it
   * ends, so no other attempt can take it over, and a renewal would only wait for it. Tried once: a
   * failed statement leaves the caller's transaction able only to roll back. The execution does not
   * end here; its caller ends it when the transaction ends, with {@link #endCommitted} after a
   * commit and {@link #close} after a rollback (which releases the key).
   *
   * @param payload the outcome to replay, byte for byte; sealed on its way to the store when
   *     encryption at rest is on
   * @param ttl how long it is kept after the commit, at least 1 ms
   * @return {@link Completion#STORED} when written, pending the commit; {@link
   *     Completion#LOCK_LOST} when this attempt no longer held a live lock (listeners notified);
   *     {@link Completion#STORE_UNAVAILABLE} when it could not be sealed or written (logged). On
   *     anything but {@code STORED} the caller must roll its transaction back
   * @throws IllegalStateException when this execution already ended, or its store cannot record
   *     outcomes inside the caller's transaction
   */
  public Completion completeWithWork(byte[] payload, Duration ttl) {
    Objects.requireNonNull(payload, "payload");
    ExecutionOptions.requireMillis(ttl, "ttl");
    CompletionWithWork withWork = storeWithWork("complete with the work");
    if (isLockLost()) {
      return Completion.LOCK_LOST;
    }
    stopRenewal();
    byte[] sealed = sealOrWarn(payload, "its work is rolled back");
    if (sealed == null) {
      return Completion.STORE_UNAVAILABLE;
    }
    try {
      if (withWork.completeWithWork(key.value(), owner, sealed, ttl.toMillis())) {
        return Completion.STORED;
      }
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not record the outcome of "
              + describe()
              + " in the transaction of its work, so the work is rolled back",
          e);
      return Completion.STORE_UNAVAILABLE;
    }
    lost(DetectedBy.RENEWAL);
    return Completion.LOCK_LOST;
  }

  /**
   * Writes the commit mark ({@link CompletionWithWork#markCommitted}) with a statement of the
   * transaction active on the calling thread: once that transaction commits, the record is not
   * taken over until {@code ttl} has passed, even when this attempt dies before it records the
   * outcome; a retry then learns that the work committed and its outcome is lost, and never runs
   * it. For work whose outcome is known only after the commit (an HTTP response body).
   *
   * <p>Renewal pauses (the caller's transaction holds the record until it ends, so a renewal would
   * only wait for it; the mark renews the lock itself) until the caller reports the end of the
   * transaction with {@link #markEnded}. The execution then goes on as before and ends with {@link
   * #complete} or {@link #release}; after a committed mark, {@code complete} is tried even when the
   * lock was lost meanwhile (the mark keeps the record this attempt's), and {@code release} keeps
   * the record. Tried once: a failed statement leaves the caller's transaction able only to roll
   * back.
   *
   * @param ttl how long the mark protects the record, the record's ttl, at least 1 ms
   * @return {@link Completion#STORED} when written, pending the commit; {@link
   *     Completion#LOCK_LOST} when this attempt no longer held a live lock (listeners notified);
   *     {@link Completion#STORE_UNAVAILABLE} when it could not be written (logged). On anything but
   *     {@code STORED} the caller must roll its transaction back; after {@code STORED} it must call
   *     {@link #markEnded} when the transaction ends
   * @throws IllegalStateException when this execution already ended, or its store cannot write in
   *     the caller's transaction
   */
  public Completion markCommittedWithWork(Duration ttl) {
    ExecutionOptions.requireMillis(ttl, "ttl");
    CompletionWithWork withWork = storeWithWork("mark the commit with the work");
    if (isLockLost()) {
      return Completion.LOCK_LOST;
    }
    long sentAt = scheduler.nanoTime();
    LeaseRenewal paused = renewal;
    stopRenewal();
    boolean marked;
    try {
      marked = withWork.markCommitted(key.value(), owner, ttl.toMillis(), lockTtl.toMillis());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not mark the commit of "
              + describe()
              + " in the transaction of its work, so the work is rolled back",
          e);
      resumeRenewal(paused);
      return Completion.STORE_UNAVAILABLE;
    }
    if (!marked) {
      lost(DetectedBy.RENEWAL);
      return Completion.LOCK_LOST;
    }
    synchronized (lock) {
      markSentAtNanos = sentAt;
    }
    return Completion.STORED;
  }

  /**
   * Hears that the transaction of a {@linkplain #markCommittedWithWork written mark} ended, and
   * resumes renewal until the execution ends: after a commit from the mark (which renewed the
   * lock), after a rollback from the last renewal confirmed before it (the mark is gone with the
   * rollback). Does nothing when the execution already ended.
   *
   * @param committed whether the transaction committed
   */
  public void markEnded(boolean committed) {
    long confirmedAt;
    synchronized (lock) {
      if (ended) {
        return;
      }
      if (committed) {
        committedUnderMark = true;
        confirmedAt = markSentAtNanos;
      } else {
        LeaseRenewal before = renewal;
        confirmedAt = before == null ? markSentAtNanos : before.confirmedAtNanos();
      }
    }
    if (!isLockLost()) {
      renewFrom(confirmedAt);
    }
  }

  /**
   * Ends an execution whose outcome committed with the caller's transaction ({@link
   * #completeWithWork}); nothing is written. Does nothing when the execution already ended.
   */
  public void endCommitted() {
    if (tryEnd()) {
      stopRenewal();
    }
  }

  /** The store as {@link CompletionWithWork}, on an execution that has not ended. */
  private CompletionWithWork storeWithWork(String operation) {
    if (!(store instanceof CompletionWithWork withWork)) {
      throw new IllegalStateException(
          "the idempotency store " + store + " cannot write in the caller's transaction");
    }
    synchronized (lock) {
      if (ended) {
        throw new IllegalStateException(
            "cannot " + operation + ": this execution already completed or released its key");
      }
    }
    return withWork;
  }

  private void resumeRenewal(LeaseRenewal paused) {
    if (paused != null && !isLockLost()) {
      renewFrom(paused.confirmedAtNanos());
    }
  }

  /** The sealed payload, or {@code null} after a WARNING saying {@code consequence}. */
  private byte[] sealOrWarn(byte[] payload, String consequence) {
    try {
      return sealer.seal(key.value(), payload);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING, "Could not seal the outcome of " + describe() + ", so " + consequence, e);
      return null;
    }
  }

  private long renewalDeadline(long otherwise) {
    LeaseRenewal keeper = renewal;
    return keeper == null ? otherwise : keeper.deadlineNanos();
  }

  private Completion gaveUp(int failedTries, RuntimeException lastFailure) {
    if (lockLoss().filter(by -> by == DetectedBy.RENEWAL).isPresent()) {
      return Completion.LOCK_LOST; // the store refused a renewal: another attempt took the key
    }
    LOG.log(
        Level.WARNING,
        "Could not record the outcome of "
            + describe()
            + " in "
            + failedTries
            + " tries before its lock's deadline; a repeat will run the work again once the lock"
            + " expires",
        lastFailure);
    return Completion.STORE_UNAVAILABLE;
  }

  /**
   * Stops renewal and deletes the lock, so a retry runs the work. Never throws for the store: it is
   * called on failure paths, where the original error matters more.
   *
   * @return {@code true} when released; {@code false} when the lock was already lost (listeners
   *     notified) or the store could not be reached (logged; the lock expires after its ttl)
   * @throws IllegalStateException when this execution already completed or released
   */
  public boolean release() {
    end("release");
    stopRenewal();
    return releaseInStore();
  }

  /** Releases the key unless this execution already completed or released. */
  @Override
  public void close() {
    if (tryEnd()) {
      stopRenewal();
      releaseInStore();
    }
  }

  private boolean releaseInStore() {
    boolean released;
    try {
      released = store.release(key.value(), owner);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not release " + describe() + "; a retry can run once the lock expires",
          e);
      return false;
    }
    if (!released) {
      lost(DetectedBy.RENEWAL);
    }
    return released;
  }

  /** Called by the lease renewal, and by a refused complete or release. */
  void lost(DetectedBy detectedBy) {
    List<Consumer<DetectedBy>> toNotify;
    synchronized (lock) {
      if (lostBy != null) {
        return;
      }
      lostBy = detectedBy;
      toNotify = List.copyOf(listeners);
      listeners.clear();
    }
    LOG.log(
        Level.WARNING,
        "Lost "
            + describe()
            + ", detected by "
            + detectedBy
            + ": another attempt may run the same work");
    toNotify.forEach(listener -> notify(listener, detectedBy));
  }

  private void end(String operation) {
    if (!tryEnd()) {
      throw new IllegalStateException(
          "cannot " + operation + ": this execution already completed or released its key");
    }
  }

  /** Marks the execution ended; {@code false} when it had already ended. */
  private boolean tryEnd() {
    synchronized (lock) {
      if (ended) {
        return false;
      }
      ended = true;
      return true;
    }
  }

  private void stopRenewal() {
    LeaseRenewal keeper;
    synchronized (lock) {
      keeper = renewal;
    }
    if (keeper != null) {
      keeper.stop();
    }
  }

  /** The lock as logs name it: never the owner id, never a full long key. */
  private String describe() {
    return "idempotency record " + LogKeys.digest(key.value());
  }

  private static void notify(Consumer<DetectedBy> listener, DetectedBy detectedBy) {
    try {
      listener.accept(detectedBy);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "A lock-lost listener failed", e);
    }
  }

  @Override
  public String toString() {
    return "Execution[owner=" + owner + ", claimedAt=" + claimedAt + "]";
  }
}
