package dev.fenced.locks;

import java.util.Objects;

/**
 * CDI event fired when this instance became the leader of an election.
 *
 * @param key the election key
 * @param fencingToken the token of the leader's lease
 */
public record LeadershipAcquired(String key, long fencingToken) {

  /**
   * Validates the components.
   *
   * @param key never {@code null}
   * @param fencingToken the token
   */
  public LeadershipAcquired {
    Objects.requireNonNull(key, "key");
  }
}
