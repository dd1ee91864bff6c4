package dev.fenced.store.jpa;

import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.LockStoreContract;
import dev.fenced.tck.support.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The lock contract on PostgreSQL through EclipseLink, a pool of 16 and 32+ racing callers. */
class EclipseLinkLockStoreTest extends LockStoreContract {

  private static EntityManagerFactory factory;
  private static JpaLockStore store;

  @BeforeAll
  static void open() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    factory = Provider.ECLIPSELINK.open(server);
    store = new JpaLockStore(factory);
  }

  @AfterAll
  static void close() {
    if (factory != null) {
      factory.close();
    }
  }

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
