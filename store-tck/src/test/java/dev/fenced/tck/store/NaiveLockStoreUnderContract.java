package dev.fenced.tck.store;

import dev.fenced.locks.spi.LockStore;

/**
 * The contract run against {@link NaiveLockStore}. Named so Surefire does not run it: it is meant
 * to fail, and {@link ContractCatchesNaiveStoresTest} checks that it does.
 */
class NaiveLockStoreUnderContract extends LockStoreContract {

  private static final LockStore SHARED = new NaiveLockStore();

  @Override
  protected LockStore store() {
    return SHARED;
  }

  /** Fixed, so that a lower {@code fenced.tck.concurrency} cannot let the naive store through. */
  @Override
  protected int concurrency() {
    return 32;
  }
}
