package dev.fenced.core.idempotency;

import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;

/**
 * {@link Execution#completeWithWork} and {@link Execution#endCommitted}: the outcome is written
 * once, by a statement of the caller's transaction, and the execution ends when that transaction
 * does.
 */
final class OutcomeWithWork {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final ClaimLease claim;

  OutcomeWithWork(ClaimLease claim) {
    this.claim = claim;
  }

  /** See {@link Execution#completeWithWork}. */
  Completion complete(byte[] payload, Duration ttl) {
    Objects.requireNonNull(payload, "payload");
    ExecutionOptions.requireMillis(ttl, "ttl");
    CompletionWithWork withWork = claim.storeWithWork("complete with the work");
    if (claim.isLockLost()) {
      return Completion.LOCK_LOST;
    }
    claim.stopRenewal();
    byte[] sealed = claim.sealOrWarn(payload, "its work is rolled back");
    if (sealed == null) {
      return Completion.STORE_UNAVAILABLE;
    }
    try {
      if (withWork.completeWithWork(claim.key().value(), claim.owner(), sealed, ttl.toMillis())) {
        return Completion.STORED;
      }
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not record the outcome of "
              + claim.describe()
              + " in the transaction of its work, so the work is rolled back",
          e);
      return Completion.STORE_UNAVAILABLE;
    }
    claim.lost(DetectedBy.RENEWAL);
    return Completion.LOCK_LOST;
  }

  /** See {@link Execution#endCommitted}. */
  void endCommitted() {
    if (claim.tryEnd()) {
      claim.stopRenewal();
    }
  }
}
