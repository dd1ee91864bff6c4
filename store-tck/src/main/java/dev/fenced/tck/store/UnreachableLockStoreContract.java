package dev.fenced.tck.store;

import dev.fenced.locks.spi.LockStore;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link LockStore} that cannot reach its data: every method throws {@link
 * dev.fenced.store.spi.StoreUnavailableException}, and no other exception, within {@link
 * #unavailableWithin()}, so a job skips its run and a holder counts the failed renewal instead of
 * hanging.
 *
 * <p>A store that keeps its data anywhere but in the JVM extends this class and returns from {@link
 * #store()} the store configured as in production but pointed at an address where nothing listens,
 * as {@link UnreachableIdempotencyStoreContract} shows.
 */
@RuleSince("0.1.0")
public abstract class UnreachableLockStoreContract extends StoreContractSupport {

  /**
   * The store under test, pointed at nothing. Called at the start of every test.
   *
   * @return a store that cannot reach its data
   */
  protected abstract LockStore store();

  @Test
  void acquire_throws_store_unavailable() {
    assertUnavailable(() -> store().acquire(key("acquire"), owner("a"), longTtl()));
  }

  @Test
  void renew_throws_store_unavailable() {
    assertUnavailable(() -> store().renew(key("renew"), owner("a"), longTtl()));
  }

  @Test
  void release_throws_store_unavailable() {
    assertUnavailable(() -> store().release(key("release"), owner("a")));
  }
}
