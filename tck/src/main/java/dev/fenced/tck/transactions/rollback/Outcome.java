package dev.fenced.tck.transactions.rollback;

/** How the next run of a payment ends its transaction. */
public enum Outcome {
  /** It commits. */
  COMMIT,
  /** It throws, and {@code @Transactional} rolls back. */
  THROW,
  /** It marks the transaction rollback-only and returns normally. */
  MARK_ROLLBACK_ONLY
}
