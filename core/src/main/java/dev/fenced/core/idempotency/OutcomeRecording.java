package dev.fenced.core.idempotency;

import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.locks.Backoff;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * {@link Execution#complete}: ends the execution by recording the outcome in the store's own
 * transaction, while the lock stays renewed, retrying a store that fails until the lock's deadline.
 */
final class OutcomeRecording {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  /** The pauses between tries: 50 ms doubling up to 1 s, jittered. */
  private static final Backoff COMPLETE_BACKOFF = Backoff.DEFAULT;

  private final ClaimLease claim;
  private final RandomGenerator random;

  /**
   * @param random the jitter of the pauses between tries
   */
  OutcomeRecording(ClaimLease claim, RandomGenerator random) {
    this.claim = claim;
    this.random = random;
  }

  /** See {@link Execution#complete}. */
  Completion complete(byte[] payload, Duration ttl) {
    Objects.requireNonNull(payload, "payload");
    ExecutionOptions.requireMillis(ttl, "ttl");
    claim.end("complete");
    try {
      return record(payload, ttl);
    } finally {
      claim.stopRenewal();
    }
  }

  private Completion record(byte[] payload, Duration ttl) {
    byte[] sealed =
        claim.sealOrWarn(
            payload, "it was not recorded; a repeat will run the work again once the lock expires");
    if (sealed == null) {
      return Completion.STORE_UNAVAILABLE;
    }
    Duration lockTtl = claim.lockTtl();
    long giveUpAt =
        claim.scheduler().nanoTime() + lockTtl.minus(LeaseRenewal.safetyMargin(lockTtl)).toNanos();
    int failedTries = 0;
    RuntimeException lastFailure = null;
    while (true) {
      // after a committed mark the record stays this attempt's, lock or not: the store decides
      if (claim.isLockLost() && !claim.committedUnderMark()) {
        return failedTries == 0 ? Completion.LOCK_LOST : gaveUp(failedTries, lastFailure);
      }
      try {
        if (claim.store().complete(claim.key().value(), claim.owner(), sealed, ttl.toMillis())) {
          return Completion.STORED;
        }
        if (failedTries > 0) {
          LOG.log(
              Level.WARNING,
              "The store refused the outcome of "
                  + claim.describe()
                  + " after "
                  + failedTries
                  + " failed tries; an earlier try may have stored it (its answer was lost), or"
                  + " the lock expired: a repeat either replays it or runs the work again");
          return Completion.STORE_UNAVAILABLE;
        }
        claim.lost(DetectedBy.RENEWAL);
        return Completion.LOCK_LOST;
      } catch (IllegalArgumentException e) {
        LOG.log(
            Level.WARNING,
            "The store refused to record the outcome of "
                + claim.describe()
                + "; a repeat will run the work again once the lock expires",
            e);
        return Completion.STORE_UNAVAILABLE;
      } catch (RuntimeException e) {
        lastFailure = e;
      }
      failedTries++;
      long now = claim.scheduler().nanoTime();
      long deadline = Math.min(giveUpAt, claim.renewalDeadline(giveUpAt));
      if (now - deadline >= 0) {
        return gaveUp(failedTries, lastFailure);
      }
      Duration pause = COMPLETE_BACKOFF.pause(failedTries, random);
      try {
        claim.scheduler().sleep(Duration.ofNanos(Math.min(pause.toNanos(), deadline - now)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return gaveUp(failedTries, lastFailure);
      }
    }
  }

  private Completion gaveUp(int failedTries, RuntimeException lastFailure) {
    if (claim.loss().detectedBy().filter(by -> by == DetectedBy.RENEWAL).isPresent()) {
      return Completion.LOCK_LOST; // the store refused a renewal: another attempt took the key
    }
    LOG.log(
        Level.WARNING,
        "Could not record the outcome of "
            + claim.describe()
            + " in "
            + failedTries
            + " tries before its lock's deadline; a repeat will run the work again once the lock"
            + " expires",
        lastFailure);
    return Completion.STORE_UNAVAILABLE;
  }
}
