package dev.fenced.core.memory;

import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.ClaimEndSignalsContract;
import dev.fenced.tck.store.IdempotencyRecordAdministrationContract;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockAdministrationContract;
import dev.fenced.tck.store.LockStoreContract;
import java.time.Duration;
import org.junit.jupiter.api.Nested;

/**
 * The store contracts (and the administration contracts) on the in-memory stores, each on a manual
 * clock of its own, so expiry takes no real time.
 */
class InMemoryContractsTest {

  @Nested
  class Idempotency extends IdempotencyStoreContract {

    private final ManualTime time = new ManualTime();
    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);

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
  class Signals extends ClaimEndSignalsContract<InMemoryIdempotencyStore> {

    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();

    @Override
    protected InMemoryIdempotencyStore store() {
      return store;
    }

    /** One JVM's memory has no second instance: the same store stands for it. */
    @Override
    protected IdempotencyStore otherInstance() {
      return store;
    }
  }

  @Nested
  class Locks extends LockStoreContract {

    private final ManualTime time = new ManualTime();
    private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);

    @Override
    protected LockStore store() {
      return store;
    }

    @Override
    protected void advanceTime(Duration duration) {
      time.advance(duration);
    }
  }

  @Nested
  class RecordAdministration
      extends IdempotencyRecordAdministrationContract<InMemoryIdempotencyStore> {

    private final ManualTime time = new ManualTime();
    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);

    @Override
    protected InMemoryIdempotencyStore store() {
      return store;
    }

    @Override
    protected void advanceTime(Duration duration) {
      time.advance(duration);
    }
  }

  @Nested
  class LockAdministration extends LockAdministrationContract<InMemoryLockStore> {

    private final ManualTime time = new ManualTime();
    private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);

    @Override
    protected InMemoryLockStore store() {
      return store;
    }

    @Override
    protected void advanceTime(Duration duration) {
      time.advance(duration);
    }
  }
}
