package dev.fenced.tck.store;

import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.OptionalLong;

/**
 * A bug the unreachable-store contract must catch: a store pointed at nothing whose calls have no
 * timeout, so they wait (here a minute) before they give up, the right exception too late: a job
 * would hang instead of skipping its run.
 */
final class HangingLockStore implements LockStore {

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    throw afterAMinute();
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    throw afterAMinute();
  }

  @Override
  public boolean release(String key, String owner) {
    throw afterAMinute();
  }

  private static StoreUnavailableException afterAMinute() {
    try {
      Thread.sleep(60_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return new StoreUnavailableException("no answer from 127.0.0.1:1", null);
  }
}
