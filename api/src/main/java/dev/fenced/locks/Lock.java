package dev.fenced.locks;

import java.util.function.Consumer;

/**
 * A held distributed lock: a lease in the shared store that Fenced renews every {@code ttl / 3}
 * until it is closed or lost.
 *
 * <p>Holding a lock does not stop a paused holder from writing after it expired. Pass {@link
 * #fencingToken()} to the resource you write and let it refuse tokens lower than one it has seen.
 * Closing releases the lock; closing twice, or closing a lost lock, does nothing.
 */
public interface Lock extends AutoCloseable {

  /**
   * The lock's key.
   *
   * @return the key, never {@code null}
   */
  String key();

  /**
   * The random id of this acquisition, the owner the store checks on every renewal and release.
   *
   * @return the owner id, never {@code null}
   */
  String owner();

  /**
   * The fencing token of this acquisition: positive, and greater than every token any earlier
   * acquisition of this key received, across releases and expiries.
   *
   * @return the fencing token, {@code > 0}
   */
  long fencingToken();

  /**
   * Whether this instance still believes it holds the lock: not closed, not lost. A {@code true} is
   * as old as the last confirmed renewal; only the fencing token is proof at the resource.
   *
   * @return whether the lock is held
   */
  boolean isHeld();

  /**
   * Registers a listener called once when the lock is lost (not when it is closed). If it is
   * already lost, the listener runs at once on the calling thread.
   *
   * @param listener receives how the loss was detected, never {@code null}
   */
  void onLost(Consumer<LockLost> listener);

  /** Stops renewing and releases the lock in the store, if still held. Never throws. */
  @Override
  void close();
}
