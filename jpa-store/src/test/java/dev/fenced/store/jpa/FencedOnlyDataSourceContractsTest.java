package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;

/**
 * Both store contracts, unchanged, on datasources only Fenced uses ({@link
 * DataSourceSharing#FENCED_ONLY}: the bounds set once per physical connection, each later call its
 * statement alone), on a database that defaults to REPEATABLE READ: the session's own default (READ
 * COMMITTED) is what every call runs in.
 */
class FencedOnlyDataSourceContractsTest extends PostgresContracts {

  private static final Duration QUERY_TIMEOUT =
      Duration.ofMillis(StoreSettings.DEFAULT_QUERY_TIMEOUT_MILLIS);

  private HikariDataSource records;
  private HikariDataSource locks;

  @Override
  EntityManagerFactory openFactory() {
    EntityManagerFactory factory = onTestServer(Provider.HIBERNATE, TestDatabases::repeatableRead);
    PostgresServer server = PostgresServer.get();
    records = TestDataSources.pool(server, TestDatabases.repeatableRead(server));
    locks = TestDataSources.pool(server, TestDatabases.repeatableRead(server));
    return factory;
  }

  @Override
  IdempotencyStore idempotencyStore(EntityManagerFactory factory) {
    return new JpaIdempotencyStore(
        records, QUERY_TIMEOUT, FencedTables.DEFAULT, DataSourceSharing.FENCED_ONLY);
  }

  @Override
  LockStore lockStore(EntityManagerFactory factory) {
    return new JpaLockStore(
        locks, QUERY_TIMEOUT, FencedTables.DEFAULT, DataSourceSharing.FENCED_ONLY);
  }

  /**
   * The statements race every round through the unit and on a shared datasource ({@link
   * DataSourceContractsTest}); a round here races them on bounded sessions.
   */
  @Override
  boolean racesOnce() {
    return true;
  }

  @AfterAll
  void closePools() {
    if (records != null) {
      records.close();
    }
    if (locks != null) {
      locks.close();
    }
  }

  @Override
  String databaseUrl() {
    return TestDatabases.repeatableRead(server());
  }
}
