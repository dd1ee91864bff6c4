package dev.fenced.core.jobs;

import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.OptionalLong;

/** One instance's link to the shared store, which the test can cut. */
final class SwitchableLockStore implements LockStore {

  private final LockStore shared;
  private volatile boolean down;

  SwitchableLockStore(LockStore shared) {
    this.shared = shared;
  }

  void down(boolean down) {
    this.down = down;
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    check();
    return shared.acquire(key, owner, ttlMillis);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    check();
    return shared.renew(key, owner, ttlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    check();
    return shared.release(key, owner);
  }

  private void check() {
    if (down) {
      throw new StoreUnavailableException("test outage");
    }
  }
}
