package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link JpaStore}, the one object behind the {@code jpa} CDI bean, through both contracts
 * (Hibernate, pool of 16, 32+ racing callers), and its shared {@code release} with a record and a
 * lock on the same key.
 */
class JpaStoreContractTest extends PostgresContracts {

  private JpaStore store;

  @Override
  EntityManagerFactory openFactory() {
    EntityManagerFactory factory = onTestServer(Provider.HIBERNATE, PostgresServer::jdbcUrl);
    store = new JpaStore(new ResourceLocalTransactions(factory), StoreSettings.DEFAULTS);
    return factory;
  }

  @Override
  IdempotencyStore idempotencyStore(EntityManagerFactory factory) {
    return store;
  }

  @Override
  LockStore lockStore(EntityManagerFactory factory) {
    return store;
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

  @Override
  boolean racesOnce() {
    return true;
  }
}
