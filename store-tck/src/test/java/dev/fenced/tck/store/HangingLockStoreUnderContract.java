package dev.fenced.tck.store;

import dev.fenced.locks.spi.LockStore;
import java.time.Duration;

/**
 * The unreachable-store contract run against {@link HangingLockStore}, allowing 300 ms. Named so
 * Surefire does not run it: it is meant to fail, and {@link ContractCatchesNaiveStoresTest} checks
 * that it fails every method.
 */
class HangingLockStoreUnderContract extends UnreachableLockStoreContract {

  @Override
  protected LockStore store() {
    return new HangingLockStore();
  }

  @Override
  protected Duration unavailableWithin() {
    return Duration.ofMillis(300);
  }
}
