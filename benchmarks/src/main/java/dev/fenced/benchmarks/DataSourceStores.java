package dev.fenced.benchmarks;

import dev.fenced.store.jpa.DataSourceSharing;
import dev.fenced.store.jpa.FencedTables;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import dev.fenced.store.jpa.JpaLockStore;
import java.time.Duration;

/**
 * Fenced's PostgreSQL stores on the benchmark's datasources, as a server runs them: on {@link
 * PostgresDatabase#fencedPool}, a datasource only Fenced uses ({@code
 * fenced.jpa.datasource-sharing=fenced-only}: the bounds set once per physical connection), and on
 * {@link PostgresDatabase#sharedPool}, one the application would share (the default: the bounds in
 * every call). Both with the default query timeout and tables.
 */
final class DataSourceStores {

  private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(5);

  private DataSourceStores() {}

  static JpaLockStore fencedOnlyLocks(PostgresDatabase database) {
    return new JpaLockStore(
        database.fencedPool, QUERY_TIMEOUT, FencedTables.DEFAULT, DataSourceSharing.FENCED_ONLY);
  }

  static JpaLockStore sharedLocks(PostgresDatabase database) {
    return new JpaLockStore(
        database.sharedPool, QUERY_TIMEOUT, FencedTables.DEFAULT, DataSourceSharing.SHARED);
  }

  static JpaIdempotencyStore fencedOnlyRecords(PostgresDatabase database) {
    return new JpaIdempotencyStore(
        database.fencedPool, QUERY_TIMEOUT, FencedTables.DEFAULT, DataSourceSharing.FENCED_ONLY);
  }

  static JpaIdempotencyStore sharedRecords(PostgresDatabase database) {
    return new JpaIdempotencyStore(
        database.sharedPool, QUERY_TIMEOUT, FencedTables.DEFAULT, DataSourceSharing.SHARED);
  }
}
