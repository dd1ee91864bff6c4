package dev.fenced.store.jpa;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockStoreContract;
import dev.fenced.tck.support.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/**
 * Both contracts on the embedded PostgreSQL from Maven, whatever {@code FENCED_TEST_POSTGRES_URL}
 * says: the path a machine without the URL and without Docker takes (Hibernate, pool of 16).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedPostgresContractTest {

  private EntityManagerFactory factory;

  @BeforeAll
  void open() {
    PostgresServer embedded = PostgresServer.embedded();
    Schema.apply(embedded);
    factory = Provider.HIBERNATE.open(embedded);
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
      return new JpaIdempotencyStore(factory);
    }

    @Override
    protected Duration shortTtl() {
      return Duration.ofMillis(500);
    }

    @Override
    protected Duration slack() {
      return Duration.ofMillis(250);
    }
  }

  @Nested
  class Locks extends LockStoreContract {
    @Override
    protected LockStore store() {
      return new JpaLockStore(factory);
    }

    @Override
    protected Duration shortTtl() {
      return Duration.ofMillis(500);
    }

    @Override
    protected Duration slack() {
      return Duration.ofMillis(250);
    }
  }
}
