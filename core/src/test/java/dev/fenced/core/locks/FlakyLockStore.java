package dev.fenced.core.locks;

import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.OptionalLong;

/** A real store behind a link that the test cuts, method by method. */
final class FlakyLockStore implements LockStore {

  private final LockStore delegate;
  private volatile boolean acquireDown;
  private volatile boolean renewDown;
  private volatile boolean releaseDown;

  FlakyLockStore(LockStore delegate) {
    this.delegate = delegate;
  }

  FlakyLockStore acquireDown(boolean down) {
    acquireDown = down;
    return this;
  }

  FlakyLockStore renewDown(boolean down) {
    renewDown = down;
    return this;
  }

  FlakyLockStore releaseDown(boolean down) {
    releaseDown = down;
    return this;
  }

  FlakyLockStore allDown(boolean down) {
    return acquireDown(down).renewDown(down).releaseDown(down);
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    if (acquireDown) {
      throw new StoreUnavailableException("test outage: acquire");
    }
    return delegate.acquire(key, owner, ttlMillis);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    if (renewDown) {
      throw new StoreUnavailableException("test outage: renew");
    }
    return delegate.renew(key, owner, ttlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    if (releaseDown) {
      throw new StoreUnavailableException("test outage: release");
    }
    return delegate.release(key, owner);
  }
}
