package dev.fenced.locks.spi;

import dev.fenced.admin.LockSnapshot;
import java.util.Optional;

/**
 * Optional: a {@link LockStore} that also implements this lets an operator inspect and
 * force-release its locks through {@code FencedAdmin}. The TCK's {@code LockAdministrationContract}
 * checks the rules below.
 *
 * <ul>
 *   <li>Each method is one atomic operation in the store.
 *   <li>An expired lock does not exist here either; {@code expiresIn} is measured on the store's
 *       clock.
 *   <li>{@link #forceRelease} frees the live lock of the owner the operator saw, and no other: it
 *       checks the owner in the same operation that writes, so a call sent twice (a client that
 *       re-sends a command whose reply it lost) never frees a lock that another owner took in
 *       between. The holder's later {@code renew} or {@code release} returns {@code false}; the
 *       key's fencing tokens are never reset, so the next acquisition draws a higher one.
 *   <li>An unreachable store throws {@link dev.fenced.store.spi.StoreUnavailableException}.
 * </ul>
 */
public interface LockAdministration {

  /**
   * The live lock under {@code key}.
   *
   * @param key the lock key
   * @return the lock, or empty when no live lock holds the key
   * @throws dev.fenced.store.spi.StoreUnavailableException when the store cannot be reached
   */
  Optional<LockSnapshot> lock(String key);

  /**
   * Frees the live lock under {@code key} when {@code expectedOwner} holds it, keeping the key's
   * fencing tokens.
   *
   * @param key the lock key
   * @param expectedOwner the owner of the lock to free, as {@link #lock} showed it
   * @return the lock as it was, or empty when no live lock of {@code expectedOwner} held the key
   *     (none lived, or another owner holds it), in which case nothing changed
   * @throws dev.fenced.store.spi.StoreUnavailableException when the store cannot be reached
   */
  Optional<LockSnapshot> forceRelease(String key, String expectedOwner);
}
