package dev.fenced.store.jpa;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.support.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The idempotency contract on PostgreSQL through Hibernate, a pool of 16 and 32+ racing callers.
 */
class HibernateIdempotencyStoreTest extends IdempotencyStoreContract {

  private static EntityManagerFactory factory;
  private static JpaIdempotencyStore store;

  @BeforeAll
  static void open() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    factory = Provider.HIBERNATE.open(server);
    store = new JpaIdempotencyStore(factory);
  }

  @AfterAll
  static void close() {
    if (factory != null) {
      factory.close();
    }
  }

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
