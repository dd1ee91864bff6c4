package dev.fenced.tck.store;

import dev.fenced.locks.spi.LockStore;

/**
 * The contract run against {@link LenientLockStore}. Named so Surefire does not run it: it is meant
 * to fail, and {@link ContractCatchesNaiveStoresTest} checks that it fails exactly the ttl bounds
 * and lone surrogate cases.
 */
class LenientLockStoreUnderContract extends LockStoreContract {

  private static final LockStore SHARED = new LenientLockStore();

  @Override
  protected LockStore store() {
    return SHARED;
  }
}
