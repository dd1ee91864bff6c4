package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockStoreContract;
import dev.fenced.tck.support.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@link JpaStore}, the one object behind the {@code jpa} CDI bean, through both contracts
 * (Hibernate, pool of 16, 32+ racing callers), and its shared {@code release} with a record and a
 * lock on the same key.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JpaStoreContractTest {

  private EntityManagerFactory factory;
  private JpaStore store;

  @BeforeAll
  void open() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    factory = Provider.HIBERNATE.open(server);
    store = new JpaStore(new ResourceLocalTransactions(factory), StoreSettings.DEFAULTS);
  }

  @AfterAll
  void close() {
    if (factory != null) {
      factory.close();
    }
  }

  @Nested
  class Idempotency extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return store;
    }

    @Override
    protected Duration shortTtl() {
      return Duration.ofMillis(500);
    }

    @Override
    protected Duration slack() {
      return Duration.ofMillis(250);
    }

    @Override
    protected int concurrency() {
      return Math.max(2 * Provider.POOL_SIZE, super.concurrency());
    }
  }

  @Nested
  class Locks extends LockStoreContract {
    @Override
    protected LockStore store() {
      return store;
    }

    @Override
    protected Duration shortTtl() {
      return Duration.ofMillis(500);
    }

    @Override
    protected Duration slack() {
      return Duration.ofMillis(250);
    }

    @Override
    protected int concurrency() {
      return Math.max(2 * Provider.POOL_SIZE, super.concurrency());
    }
  }

  @Nested
  class SharedRelease {

    private final String key = "shared-release-" + UUID.randomUUID();
    private final String recordOwner = UUID.randomUUID().toString();
    private final String lockOwner = UUID.randomUUID().toString();

    @Test
    void the_lock_owner_releases_the_lock_and_leaves_the_record_on_the_same_key() {
      assertThat(store.acquire(key, recordOwner, "fp", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
      OptionalLong token = store.acquire(key, lockOwner, 60_000);
      assertThat(token).isPresent();

      assertThat(store.release(key, lockOwner)).isTrue();
      assertThat(store.release(key, lockOwner)).isFalse();

      assertThat(store.extend(key, recordOwner, 60_000)).isTrue();
      assertThat(store.acquire(key, "someone-else", 60_000)).isPresent();
    }

    @Test
    void the_record_owner_releases_the_record_and_leaves_the_lock_on_the_same_key() {
      assertThat(store.acquire(key, recordOwner, "fp", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
      assertThat(store.acquire(key, lockOwner, 60_000)).isPresent();

      assertThat(store.release(key, recordOwner)).isTrue();
      assertThat(store.release(key, recordOwner)).isFalse();

      assertThat(store.renew(key, lockOwner, 60_000)).isTrue();
      assertThat(store.acquire(key, "someone-else", "fp", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
    }

    @Test
    void a_stranger_releases_nothing() {
      store.acquire(key, recordOwner, "fp", 60_000);
      store.acquire(key, lockOwner, 60_000);

      assertThat(store.release(key, "stranger")).isFalse();
      assertThat(store.extend(key, recordOwner, 60_000)).isTrue();
      assertThat(store.renew(key, lockOwner, 60_000)).isTrue();
    }
  }
}
