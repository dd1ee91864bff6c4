package dev.fenced.cdi;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The injectable {@link Locks}: the application's lock manager, on the store {@code
 * fenced.locks.store} selects, with {@code fenced.locks.ttl} and {@code
 * fenced.locks.interrupt-on-loss}.
 */
@ApplicationScoped
public class ProgrammaticLocks implements Locks {

  @Inject FencedLocksRuntime runtime;

  @Override
  public Optional<Lock> tryAcquire(String key, LockOptions options) {
    return runtime.manager().tryAcquire(key, options);
  }

  @Override
  public <T> T withLock(String key, Callable<T> work, LockOptions options) throws Exception {
    return runtime.manager().withLock(key, work, options);
  }
}
