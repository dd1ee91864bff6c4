package dev.fenced.cdi;

import dev.fenced.locks.CapturedLocks;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The injectable {@link LocksContext}: the lock of the guarded run on the calling thread, as the
 * job interceptors and {@code Locks.withLock} publish it; {@link #callUnder} and {@link #capture}
 * enter locks through the application's lock manager.
 */
@ApplicationScoped
public class CurrentLocksContext implements LocksContext {

  @Inject FencedLocksRuntime runtime;

  @Override
  public Optional<Lock> lock() {
    return runtime.manager().context().lock();
  }

  @Override
  public <T> T callUnder(Lock lock, Callable<T> work) throws Exception {
    return runtime.manager().callUnder(lock, work);
  }

  @Override
  public CapturedLocks capture() {
    return runtime.manager().capture();
  }
}
