package dev.fenced.admin;

import java.util.Objects;

/**
 * CDI event fired on the instance where an operator force-released a lock ({@link
 * FencedAdmin#forceReleaseLock}). The holder learns of it at its next renewal and fires {@code
 * LockLost} there.
 *
 * @param key the lock key
 * @param owner the owner id of the acquisition that held it
 * @param fencingToken the token of that acquisition
 */
public record LockForceReleased(String key, String owner, long fencingToken) {

  /**
   * Validates the components.
   *
   * @param key never {@code null}
   * @param owner never {@code null}
   * @param fencingToken the token
   */
  public LockForceReleased {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(owner, "owner");
  }
}
