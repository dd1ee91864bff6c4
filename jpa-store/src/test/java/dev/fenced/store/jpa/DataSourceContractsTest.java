package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.AfterAll;

/**
 * Both store contracts on PostgreSQL on a datasource (plain JDBC, one round trip per call), on a
 * HikariCP pool in auto-commit. The contracts in the caller's transaction run on Hibernate's unit,
 * as the stores on a datasource record outcomes with the work only in a server (JTA).
 */
class DataSourceContractsTest extends PostgresContracts {

  private HikariDataSource pool;

  @Override
  EntityManagerFactory openFactory() {
    EntityManagerFactory factory = onTestServer(Provider.HIBERNATE, PostgresServer::jdbcUrl);
    PostgresServer server = PostgresServer.get();
    pool = TestDataSources.pool(server, server.jdbcUrl());
    return factory;
  }

  @Override
  IdempotencyStore idempotencyStore(EntityManagerFactory factory) {
    return new JpaIdempotencyStore(pool);
  }

  @Override
  LockStore lockStore(EntityManagerFactory factory) {
    return new JpaLockStore(pool);
  }

  @AfterAll
  void closePool() {
    if (pool != null) {
      pool.close();
    }
  }
}
