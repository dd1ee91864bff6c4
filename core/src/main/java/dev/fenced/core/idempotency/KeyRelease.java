package dev.fenced.core.idempotency;

import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;

/**
 * {@link Execution#release} and {@link Execution#close}: ends the execution by deleting the lock,
 * so a retry runs the work.
 */
final class KeyRelease {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final ClaimLease claim;

  KeyRelease(ClaimLease claim) {
    this.claim = claim;
  }

  /** See {@link Execution#release}. */
  boolean release() {
    claim.end("release");
    claim.stopRenewal();
    return releaseInStore();
  }

  /** See {@link Execution#close}. */
  void close() {
    if (claim.tryEnd()) {
      claim.stopRenewal();
      releaseInStore();
    }
  }

  private boolean releaseInStore() {
    boolean released;
    try {
      released = claim.store().release(claim.key().value(), claim.owner());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not release " + claim.describe() + "; a retry can run once the lock expires",
          e);
      return false;
    }
    if (!released) {
      claim.lost(DetectedBy.RENEWAL);
    }
    return released;
  }
}
