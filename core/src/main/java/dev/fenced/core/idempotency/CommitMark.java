package dev.fenced.core.idempotency;

import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * {@link Execution#markCommittedWithWork} and {@link Execution#markEnded}: the commit mark is
 * written by a statement of the caller's transaction, renewal pauses while that transaction holds
 * the record and resumes when it ends; the execution itself ends later, as usual.
 */
final class CommitMark {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final ClaimLease claim;

  CommitMark(ClaimLease claim) {
    this.claim = claim;
  }

  /** See {@link Execution#markCommittedWithWork}. */
  Completion write(Duration ttl) {
    ExecutionOptions.requireMillis(ttl, "ttl");
    CompletionWithWork withWork = claim.storeWithWork("mark the commit with the work");
    if (claim.isLockLost()) {
      return Completion.LOCK_LOST;
    }
    long sentAt = claim.scheduler().nanoTime();
    LeaseRenewal paused = claim.renewal();
    claim.stopRenewal();
    boolean marked;
    try {
      marked =
          withWork.markCommitted(
              claim.key().value(), claim.owner(), ttl.toMillis(), claim.lockTtl().toMillis());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not mark the commit of "
              + claim.describe()
              + " in the transaction of its work, so the work is rolled back",
          e);
      if (paused != null) {
        claim.resumeRenewal(paused.confirmedAtNanos());
      }
      return Completion.STORE_UNAVAILABLE;
    }
    if (!marked) {
      claim.lost(DetectedBy.RENEWAL);
      return Completion.LOCK_LOST;
    }
    claim.markSent(sentAt);
    return Completion.STORED;
  }

  /** See {@link Execution#markEnded}. */
  void ended(boolean committed) {
    claim.endMark(committed).ifPresent(claim::resumeRenewal);
  }
}
