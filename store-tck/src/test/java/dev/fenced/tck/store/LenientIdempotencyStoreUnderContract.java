package dev.fenced.tck.store;

import dev.fenced.idempotency.spi.IdempotencyStore;

/**
 * The contract run against {@link LenientIdempotencyStore}. Named so Surefire does not run it: it
 * is meant to fail, and {@link ContractCatchesNaiveStoresTest} checks that it fails exactly the ttl
 * bounds and lone surrogate cases.
 */
class LenientIdempotencyStoreUnderContract extends IdempotencyStoreContract {

  private static final IdempotencyStore SHARED = new LenientIdempotencyStore();

  @Override
  protected IdempotencyStore store() {
    return SHARED;
  }
}
