package dev.fenced.core.idempotency;

/** What became of an outcome that {@link Execution#complete} tried to record. */
public enum Completion {
  /** The outcome is stored; repeats replay it. */
  STORED,
  /**
   * Nothing was stored: this attempt no longer held a live lock (it expired or another attempt took
   * the key over), so another attempt may run the work again. Lock-lost listeners were notified.
   */
  LOCK_LOST,
  /**
   * Nothing is known to be stored: the store could not be reached. The lock expires after its ttl
   * and a repeat then runs the work again.
   */
  STORE_UNAVAILABLE;

  /**
   * Whether the outcome was stored.
   *
   * @return {@code true} only for {@link #STORED}
   */
  public boolean stored() {
    return this == STORED;
  }
}
