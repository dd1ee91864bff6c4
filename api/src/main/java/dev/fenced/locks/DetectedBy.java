package dev.fenced.locks;

/** How the holder of a lock learned that it lost it. */
public enum DetectedBy {
  /** The store refused a renewal: the lock had expired or another owner had taken it. */
  RENEWAL,
  /**
   * The lock's ttl passed, on the holder's own monotonic clock, without a confirmed renewal (the
   * store was unreachable or slow, or the holder was paused).
   */
  DEADLINE
}
