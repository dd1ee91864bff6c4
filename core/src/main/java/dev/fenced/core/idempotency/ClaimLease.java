package dev.fenced.core.idempotency;

import dev.fenced.core.LogKeys;
import dev.fenced.core.encryption.RecordSealer;
import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * What the endings of one {@link Execution} share: the record it holds, whether it ended, the
 * renewal that keeps its lock alive, the state of its commit mark, and the {@linkplain LockLoss
 * loss} of its lock. The commit mark's state sits here rather than in {@link CommitMark} because
 * the end of its transaction is read together with the end of the execution and the current
 * renewal, in one section. Thread-safe.
 */
final class ClaimLease {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final IdempotencyStore store;
  private final RecordSealer sealer;
  private final RecordKey key;
  private final String owner;
  private final Scheduler scheduler;
  private final Duration lockTtl;
  private final LockLoss loss = new LockLoss(this::describe);
  private final Object lock = new Object();
  private volatile LeaseRenewal renewal;
  private Duration maxRenewal;
  private long acquiredAtNanos;
  private long markSentAtNanos;
  private volatile boolean committedUnderMark;
  private boolean ended;

  /**
   * @param scheduler renews the lock, measures the deadlines and paces the retries of complete
   * @param lockTtl how long the lock lives without renewal
   */
  ClaimLease(
      IdempotencyStore store,
      RecordSealer sealer,
      RecordKey key,
      String owner,
      Scheduler scheduler,
      Duration lockTtl) {
    this.store = store;
    this.sealer = sealer;
    this.key = key;
    this.owner = owner;
    this.scheduler = scheduler;
    this.lockTtl = lockTtl;
  }

  IdempotencyStore store() {
    return store;
  }

  RecordKey key() {
    return key;
  }

  String owner() {
    return owner;
  }

  Scheduler scheduler() {
    return scheduler;
  }

  Duration lockTtl() {
    return lockTtl;
  }

  LockLoss loss() {
    return loss;
  }

  boolean isLockLost() {
    return loss.isLost();
  }

  /** Called by the lease renewal, and by a refused write of an ending. */
  void lost(DetectedBy detectedBy) {
    loss.report(detectedBy);
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

  /** Renews again from {@code confirmedAtNanos}, unless the lock was lost meanwhile. */
  void resumeRenewal(long confirmedAtNanos) {
    if (!isLockLost()) {
      renewFrom(confirmedAtNanos);
    }
  }

  /** The renewal running now, or {@code null} before the first. */
  LeaseRenewal renewal() {
    return renewal;
  }

  void stopRenewal() {
    LeaseRenewal keeper;
    synchronized (lock) {
      keeper = renewal;
    }
    if (keeper != null) {
      keeper.stop();
    }
  }

  /** The deadline of the running renewal, or {@code otherwise} when none runs. */
  long renewalDeadline(long otherwise) {
    LeaseRenewal keeper = renewal;
    return keeper == null ? otherwise : keeper.deadlineNanos();
  }

  /** Notes when the request that wrote the commit mark was sent: the mark renewed the lock. */
  void markSent(long sentAtNanos) {
    synchronized (lock) {
      markSentAtNanos = sentAtNanos;
    }
  }

  /**
   * Notes that the commit mark's transaction ended.
   *
   * @return the scheduler's reading renewal resumes from: after a commit the mark's (it renewed the
   *     lock), after a rollback the last renewal's confirmed before it (the mark is gone with the
   *     rollback); empty when the execution already ended
   */
  OptionalLong endMark(boolean committed) {
    synchronized (lock) {
      if (ended) {
        return OptionalLong.empty();
      }
      if (committed) {
        committedUnderMark = true;
        return OptionalLong.of(markSentAtNanos);
      }
      LeaseRenewal before = renewal;
      return OptionalLong.of(before == null ? markSentAtNanos : before.confirmedAtNanos());
    }
  }

  /** Whether a commit mark's transaction committed: the record then stays this attempt's. */
  boolean committedUnderMark() {
    return committedUnderMark;
  }

  /** The store as {@link CompletionWithWork}, on an execution that has not ended. */
  CompletionWithWork storeWithWork(String operation) {
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

  /** Marks the execution ended, or throws when it had already ended. */
  void end(String operation) {
    if (!tryEnd()) {
      throw new IllegalStateException(
          "cannot " + operation + ": this execution already completed or released its key");
    }
  }

  /** Marks the execution ended; {@code false} when it had already ended. */
  boolean tryEnd() {
    synchronized (lock) {
      if (ended) {
        return false;
      }
      ended = true;
      return true;
    }
  }

  /** The sealed payload, or {@code null} after a WARNING saying {@code consequence}. */
  byte[] sealOrWarn(byte[] payload, String consequence) {
    try {
      return sealer.seal(key.value(), payload);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING, "Could not seal the outcome of " + describe() + ", so " + consequence, e);
      return null;
    }
  }

  /** The lock as logs name it: never the owner id, never a full long key. */
  String describe() {
    return "idempotency record " + LogKeys.digest(key.value());
  }
}
