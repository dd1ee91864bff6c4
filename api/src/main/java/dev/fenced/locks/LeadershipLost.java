package dev.fenced.locks;

import java.util.Objects;

/**
 * CDI event fired when this instance stopped being the leader of an election.
 *
 * @param key the election key
 * @param reason why leadership ended
 */
public record LeadershipLost(String key, Reason reason) {

  /**
   * Validates the components.
   *
   * @param key never {@code null}
   * @param reason never {@code null}
   */
  public LeadershipLost {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(reason, "reason");
  }

  /** Why leadership ended. */
  public enum Reason {
    /** The lease was lost: a renewal was refused or its deadline passed. */
    LOST,
    /** The instance stepped down because the application is stopping. */
    SHUTDOWN,
    /** {@link OnLeadershipAcquired#onLeadershipAcquired} threw, so the instance stepped down. */
    CALLBACK_FAILED
  }
}
