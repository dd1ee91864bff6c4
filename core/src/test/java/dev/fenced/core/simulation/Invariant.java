package dev.fenced.core.simulation;

/** What every simulated schedule must keep, each with the documented bound it checks. */
enum Invariant {
  /**
   * No two holders of one lock (or claim) believe they hold it at one moment when one of them acts
   * (a step of work under the lock, the side effect of idempotent work); beliefs are compared in
   * the order things happened. The margin that allows (guarantees.md, "the server freezes";
   * RELIABILITY.md, "What is not promised"): a holder whose instance was frozen past its deadline
   * (ttl - ttl/10 after its last confirmed renewal) acts once at the instant it wakes, before its
   * timer finds the loss; and while frozen past its deadline, or as it wakes, its stale belief is
   * not counted. An acquire answered after the lease's deadline (ttl - ttl/10 after it was sent) is
   * never handed out: the key may have expired in the store and been taken meanwhile.
   */
  EXCLUSIVE_HOLDS,
  /** Every fencing token a lock store hands out on a key is above every earlier one on it. */
  TOKENS_INCREASE,
  /**
   * An idempotency key's work runs again only when no earlier run's outcome was recorded
   * (guarantees.md: the window of after-work, a run whose claim was lost); never after an outcome
   * was recorded, and never two recorded runs.
   */
  WORK_ONCE,
  /**
   * A replay hands out the recorded outcome, byte for byte; {@code complete} answers STORED only
   * when the outcome was recorded.
   */
  REPLAY_EQUALS_RECORD,
  /**
   * A holder stops believing it holds a lock or claim by ttl - ttl/10 after its last confirmed
   * acquire or renewal was sent (LeaseRenewal, guarantees.md), or at once when that answer came
   * later; at most maxRenewal + ttl after it was taken; a frozen holder as it wakes. No renewal is
   * sent for a lease whose holder let it go, and no key is still held when the run ends.
   */
  ENDS_WITHIN_BOUND
}
