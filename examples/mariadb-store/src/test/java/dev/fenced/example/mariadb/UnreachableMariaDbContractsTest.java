package dev.fenced.example.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.tck.store.UnreachableIdempotencyStoreContract;
import dev.fenced.tck.store.UnreachableLockStoreContract;
import dev.fenced.testservers.FaultProxy;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/**
 * Both unreachable-store contracts on the store's own pool as {@link MariaDbStoreBean} builds it,
 * with a 1 s timeout, two ways: on a MariaDB URL where nothing listens (127.0.0.1, port 1), where
 * every connection is refused at once; and on the test server behind the TCK's {@link FaultProxy}
 * turned into a black hole after a first call, as a network partition looks (the pooled connection
 * stays open and nothing answers, new connections are accepted and never greeted), where only the
 * store's timeouts end each call. Every store method throws {@code StoreUnavailableException}
 * within 3 s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnreachableMariaDbContractsTest {

  static final String NOWHERE = "jdbc:mariadb://127.0.0.1:1/nowhere";

  private static final Duration TIMEOUT = Duration.ofSeconds(1);
  private static final Duration WITHIN = Duration.ofSeconds(3);

  private final MariaDbStore nowhere =
      MariaDbStore.open(MariaDbSettings.of(NOWHERE).withTimeout(TIMEOUT));
  private FaultProxy proxy;
  private MariaDbStore partitioned;

  @BeforeAll
  void partition() throws IOException {
    String[] server = MariaDbTestServer.hostAndPort().split(":");
    proxy = FaultProxy.start(server[0], Integer.parseInt(server[1]));
    partitioned =
        MariaDbStore.open(
            MariaDbSettings.of(MariaDbTestServer.throughPort(proxy.port())).withTimeout(TIMEOUT));
    assertThat(partitioned.readiness().state()).isEqualTo(Readiness.State.READY);
    proxy.blackHole();
  }

  @AfterAll
  void close() {
    nowhere.close();
    if (partitioned != null) {
      partitioned.close();
    }
    if (proxy != null) {
      proxy.close();
    }
  }

  @Nested
  class Idempotency extends UnreachableIdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return nowhere.idempotencyStore();
    }

    @Override
    protected Duration unavailableWithin() {
      return WITHIN;
    }
  }

  @Nested
  class Locks extends UnreachableLockStoreContract {
    @Override
    protected LockStore store() {
      return nowhere.lockStore();
    }

    @Override
    protected Duration unavailableWithin() {
      return WITHIN;
    }
  }

  /** Through the combined store, whose {@code release} is its own statement. */
  @Nested
  class PartitionedIdempotency extends UnreachableIdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return partitioned;
    }

    @Override
    protected Duration unavailableWithin() {
      return WITHIN;
    }
  }

  /** Through the combined store, whose {@code release} is its own statement. */
  @Nested
  class PartitionedLocks extends UnreachableLockStoreContract {
    @Override
    protected LockStore store() {
      return partitioned;
    }

    @Override
    protected Duration unavailableWithin() {
      return WITHIN;
    }
  }
}
