package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.UnreachableIdempotencyStoreContract;
import dev.fenced.tck.store.UnreachableLockStoreContract;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/**
 * Both unreachable-store contracts on a PostgreSQL URL where nothing listens (127.0.0.1, port 1),
 * through each JPA provider and on a datasource (HikariCP): every store method throws {@code
 * StoreUnavailableException} in time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnreachablePostgresContractsTest {

  private static final String NOWHERE = "jdbc:postgresql://127.0.0.1:1/nowhere?connectTimeout=2";

  private final Map<Provider, EntityManagerFactory> factories = new EnumMap<>(Provider.class);

  private HikariDataSource pool;

  @AfterAll
  void close() {
    factories.values().forEach(EntityManagerFactory::close);
    if (pool != null) {
      pool.close();
    }
  }

  /** A pool that opens no connection before it is asked for one, and waits 1 s for one. */
  private synchronized HikariDataSource pool() {
    if (pool == null) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(NOWHERE);
      config.setUsername("nobody");
      config.setMinimumIdle(0);
      config.setInitializationFailTimeout(-1);
      config.setConnectionTimeout(1000);
      pool = new HikariDataSource(config);
    }
    return pool;
  }

  private synchronized EntityManagerFactory factory(Provider provider) {
    return factories.computeIfAbsent(provider, UnreachablePostgresContractsTest::open);
  }

  /** Hibernate must neither read the database's metadata nor fill its pool while it boots. */
  private static EntityManagerFactory open(Provider provider) {
    Map<String, Object> properties =
        switch (provider) {
          case HIBERNATE ->
              Map.of(
                  "jakarta.persistence.jdbc.url", NOWHERE,
                  "jakarta.persistence.jdbc.user", "nobody",
                  "hibernate.hbm2ddl.auto", "none",
                  "hibernate.boot.allow_jdbc_metadata_access", "false",
                  "hibernate.dialect", "org.hibernate.dialect.PostgreSQLDialect",
                  "hibernate.hikari.minimumIdle", "0",
                  "hibernate.hikari.initializationFailTimeout", "-1",
                  "hibernate.hikari.connectionTimeout", "1000");
          case ECLIPSELINK ->
              Map.of(
                  "jakarta.persistence.jdbc.url",
                  NOWHERE,
                  "jakarta.persistence.jdbc.user",
                  "nobody");
        };
    return Persistence.createEntityManagerFactory(provider.unit(), properties);
  }

  @Nested
  class HibernateIdempotency extends UnreachableIdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return new JpaIdempotencyStore(factory(Provider.HIBERNATE));
    }
  }

  @Nested
  class HibernateLocks extends UnreachableLockStoreContract {
    @Override
    protected LockStore store() {
      return new JpaLockStore(factory(Provider.HIBERNATE));
    }
  }

  @Nested
  class EclipseLinkIdempotency extends UnreachableIdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return new JpaIdempotencyStore(factory(Provider.ECLIPSELINK));
    }
  }

  @Nested
  class EclipseLinkLocks extends UnreachableLockStoreContract {
    @Override
    protected LockStore store() {
      return new JpaLockStore(factory(Provider.ECLIPSELINK));
    }
  }

  @Nested
  class DataSourceIdempotency extends UnreachableIdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return new JpaIdempotencyStore(pool());
    }
  }

  @Nested
  class DataSourceLocks extends UnreachableLockStoreContract {
    @Override
    protected LockStore store() {
      return new JpaLockStore(pool());
    }
  }
}
