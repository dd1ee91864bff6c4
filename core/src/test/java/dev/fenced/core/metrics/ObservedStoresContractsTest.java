package dev.fenced.core.metrics;

import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockStoreContract;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Nested;

/** Observed stores keep both store contracts: the decorators answer as the stores they wrap. */
class ObservedStoresContractsTest {

  @Nested
  class Idempotency extends IdempotencyStoreContract {

    private final ManualTime time = new ManualTime();
    private final IdempotencyStore store =
        ObservedStores.idempotency(
            new InMemoryIdempotencyStore(time::nanoTime), "memory", Optional.of(call -> {}));

    @Override
    protected IdempotencyStore store() {
      return store;
    }

    @Override
    protected void advanceTime(Duration duration) {
      time.advance(duration);
    }
  }

  @Nested
  class Locks extends LockStoreContract {

    private final ManualTime time = new ManualTime();
    private final LockStore store =
        ObservedStores.locks(
            new InMemoryLockStore(time::nanoTime), "memory", Optional.of(call -> {}));

    @Override
    protected LockStore store() {
      return store;
    }

    @Override
    protected void advanceTime(Duration duration) {
      time.advance(duration);
    }
  }
}
