package dev.fenced.core.simulation;

/**
 * A deliberately broken engine or store the simulation must catch. None needs a change of the
 * engines: each is reproduced at a seam they already have (the store SPI, the {@code Scheduler}).
 */
enum Mutation {
  /** Today's engines on a correct store. */
  NONE,
  /** The store's renew, extend, complete and release act on the key whoever owns it. */
  DROP_OWNER_CHECK,
  /** Deadline timers never go off ({@code Scheduler.scheduleTimer} drops them). */
  SKIP_DEADLINE,
  /**
   * A renewal that failed is sent again every ttl/3 until the store refuses it: past the deadline
   * at which the engine declared the lease lost, the lease is renewed on.
   */
  RENEW_AFTER_LOSS,
  /** The lock store draws each key's tokens from a counter that a release resets. */
  TOKENS_GO_BACK
}
