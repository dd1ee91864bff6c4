package dev.fenced.cdi;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The injectable {@link LocksContext}: the lock of the guarded run on the calling thread, as the
 * job interceptors and {@code Locks.withLock} publish it.
 */
@ApplicationScoped
public class CurrentLocksContext implements LocksContext {

  @Inject FencedLocksRuntime runtime;

  @Override
  public Optional<Lock> lock() {
    return runtime.manager().context().lock();
  }
}
