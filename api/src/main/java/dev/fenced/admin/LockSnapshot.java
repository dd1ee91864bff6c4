package dev.fenced.admin;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the store held for one live lock when it was asked.
 *
 * @param key the lock key
 * @param owner the owner id of the acquisition that holds it
 * @param fencingToken the fencing token of that acquisition
 * @param expiresIn how long the lock still lives without a renewal, on the store's clock
 */
public record LockSnapshot(String key, String owner, long fencingToken, Duration expiresIn) {

  /**
   * Validates the components.
   *
   * @param key never {@code null}
   * @param owner never {@code null}
   * @param fencingToken the token
   * @param expiresIn never {@code null}
   */
  public LockSnapshot {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(expiresIn, "expiresIn");
  }

  /**
   * The instance that holds the lock, read from the {@link #owner()} id: Fenced's owner ids are
   * {@code <instance>/<random>}, the instance being the JVM's system property {@code
   * fenced.instance-name} or else its {@code <pid>@<host>}.
   *
   * @return the instance's name, or empty when the owner names none (another client wrote it)
   */
  public Optional<String> instance() {
    return OwnerInstance.of(owner);
  }
}
