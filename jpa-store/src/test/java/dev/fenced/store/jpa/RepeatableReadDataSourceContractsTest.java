package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.AfterAll;

/**
 * Both store contracts, unchanged, on a datasource whose database defaults to REPEATABLE READ: the
 * stores on a datasource run their first call in that level and pin READ COMMITTED from then on
 * ({@link DataSourceStatements}), and the contracts hold through both. Each store has its own pool,
 * so each finds the level on its own.
 */
class RepeatableReadDataSourceContractsTest extends PostgresContracts {

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
    return new JpaIdempotencyStore(records);
  }

  @Override
  LockStore lockStore(EntityManagerFactory factory) {
    return new JpaLockStore(locks);
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
