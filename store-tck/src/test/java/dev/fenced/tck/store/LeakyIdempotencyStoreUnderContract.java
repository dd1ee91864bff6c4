package dev.fenced.tck.store;

import dev.fenced.idempotency.spi.IdempotencyStore;

/**
 * The unreachable-store contract run against {@link LeakyIdempotencyStore}. Named so Surefire does
 * not run it: it is meant to fail, and {@link ContractCatchesNaiveStoresTest} checks that it fails
 * every method.
 */
class LeakyIdempotencyStoreUnderContract extends UnreachableIdempotencyStoreContract {

  @Override
  protected IdempotencyStore store() {
    return new LeakyIdempotencyStore();
  }
}
