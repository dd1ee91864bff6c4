package dev.fenced.tck.store;

import dev.fenced.idempotency.spi.IdempotencyStore;

/**
 * The contract run against {@link NaiveIdempotencyStore}. Named so Surefire does not run it: it is
 * meant to fail, and {@link ContractCatchesNaiveStoresTest} checks that it does.
 */
class NaiveIdempotencyStoreUnderContract extends IdempotencyStoreContract {

  private static final IdempotencyStore SHARED = new NaiveIdempotencyStore();

  @Override
  protected IdempotencyStore store() {
    return SHARED;
  }

  /** Fixed, so that a lower {@code fenced.tck.concurrency} cannot let the naive store through. */
  @Override
  protected int concurrency() {
    return 32;
  }
}
