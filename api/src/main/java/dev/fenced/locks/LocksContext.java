package dev.fenced.locks;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The lock of the guarded run on the current thread, injectable as a CDI bean: inside a {@link
 * WithoutOverlapping} or {@link OnOneInstance} job, or a {@link Locks#withLock} callable.
 */
public interface LocksContext {

  /**
   * The innermost lock held by the current guarded run: the run lock of a {@link
   * WithoutOverlapping} job, else the lease of an {@link OnOneInstance} job.
   *
   * @return the lock, or empty outside a guarded run
   */
  Optional<Lock> lock();

  /**
   * The fencing token of {@link #lock()}: pass it to the resources the run writes.
   *
   * @return the token, or empty outside a guarded run
   */
  default OptionalLong fencingToken() {
    return lock().map(l -> OptionalLong.of(l.fencingToken())).orElseGet(OptionalLong::empty);
  }
}
