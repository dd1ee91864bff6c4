package dev.fenced.admin;

/** Where a live idempotency record stands. */
public enum IdempotencyRecordState {
  /** An attempt holds the record's lock and runs the work; a repeat gets 409. */
  IN_FLIGHT,
  /**
   * The work committed with its commit mark ({@code fenced.idempotency.commit=with-work}) but the
   * outcome is not recorded yet; the record is never taken over while the mark lives, and a repeat
   * gets 409 ({@code IDEMPOTENCY_KEY_IN_USE}, then {@code IDEMPOTENCY_OUTCOME_LOST}).
   */
  WORK_COMMITTED,
  /** The outcome is recorded; a repeat replays it. */
  COMPLETED
}
