package dev.fenced.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.store.jpa.DataSourceSharing;
import dev.fenced.store.jpa.FencedTables;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import dev.fenced.store.jpa.JpaLockStore;
import java.time.Duration;

/**
 * Fenced's PostgreSQL stores on the benchmark's datasources, as a server runs them: {@link
 * DataSourceSharing#FENCED_ONLY} on {@link PostgresDatabase#fencedPool}, a datasource only Fenced
 * uses (the bounds set once per physical connection), and {@link DataSourceSharing#SHARED} on
 * {@link PostgresDatabase#sharedPool}, one the application would share (the bounds in every call).
 * Both with the default query timeout and tables.
 */
final class DataSourceStores {

  private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(5);

  private DataSourceStores() {}

  static JpaLockStore locks(PostgresDatabase database, DataSourceSharing sharing) {
    return new JpaLockStore(pool(database, sharing), QUERY_TIMEOUT, FencedTables.DEFAULT, sharing);
  }

  static JpaIdempotencyStore records(PostgresDatabase database, DataSourceSharing sharing) {
    return new JpaIdempotencyStore(
        pool(database, sharing), QUERY_TIMEOUT, FencedTables.DEFAULT, sharing);
  }

  private static HikariDataSource pool(PostgresDatabase database, DataSourceSharing sharing) {
    return sharing == DataSourceSharing.FENCED_ONLY ? database.fencedPool : database.sharedPool;
  }
}
