package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;

/**
 * Both store contracts, unchanged, on a datasource whose database defaults to REPEATABLE READ: the
 * stores on a datasource run their first call in that level and pin READ COMMITTED from then on
 * ({@link DataSourceStatements}), and the contracts hold through both. Each store has its own pool,
 * so each finds the level on its own.
 */
class RepeatableReadDataSourceContractsTest extends PostgresContracts {

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
    return new JpaIdempotencyStore(records, QUERY_TIMEOUT, FencedTables.DEFAULT, sharing());
  }

  @Override
  LockStore lockStore(EntityManagerFactory factory) {
    return new JpaLockStore(locks, QUERY_TIMEOUT, FencedTables.DEFAULT, sharing());
  }

  /** How the stores use their pools: shared with the application, the default. */
  DataSourceSharing sharing() {
    return DataSourceSharing.SHARED;
  }

  /**
   * The statements race every round on a REPEATABLE READ database through the unit ({@link
   * RepeatableReadContractsTest}) and on a datasource ({@link DataSourceContractsTest}); what this
   * set-up adds, the READ COMMITTED pin on a datasource, is one path that a round exercises.
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
