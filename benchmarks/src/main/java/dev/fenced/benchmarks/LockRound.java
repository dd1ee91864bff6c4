package dev.fenced.benchmarks;

import dev.fenced.locks.spi.LockStore;
import java.util.OptionalLong;

/**
 * One round of a Fenced lock store in a benchmark: take a lock and give it back, through the SPI
 * alone, so the PostgreSQL and Redis benchmarks measure the same calls.
 */
final class LockRound {

  private LockRound() {}

  /**
   * Takes a free lock and releases it.
   *
   * @return the fencing token
   * @throws IllegalStateException when the free lock is refused or the held one not released
   */
  static long takeFree(LockStore store, String key, String owner, long ttlMillis) {
    long token =
        store
            .acquire(key, owner, ttlMillis)
            .orElseThrow(() -> new IllegalStateException("a free lock was refused: " + key));
    giveBack(store, key, owner);
    return token;
  }

  /**
   * Tries a lock others may hold, and releases it when won.
   *
   * @return the fencing token, or 0 when refused
   * @throws IllegalStateException when a won lock is not released
   */
  static long tryContended(LockStore store, String key, String owner, long ttlMillis) {
    OptionalLong token = store.acquire(key, owner, ttlMillis);
    if (token.isPresent()) {
      giveBack(store, key, owner);
    }
    return token.orElse(0);
  }

  private static void giveBack(LockStore store, String key, String owner) {
    if (!store.release(key, owner)) {
      throw new IllegalStateException("a held lock was not released: " + key);
    }
  }
}
