package dev.fenced.benchmarks;

import dev.fenced.store.jpa.FencedTables;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * Fenced's tables under a prefix of a benchmark's own ({@link FencedTables#withPrefix}), so that
 * the millions of rows a growth or prune benchmark writes neither slow down nor get deleted by
 * anything else: created by the shipped script, filled with records in one {@code INSERT ...
 * SELECT} from {@code generate_series}, dropped by {@link #drop}.
 */
final class OwnTable {

  /** The fingerprint and payload of every filled record: the benchmarks' own. */
  private static final String FILL =
      "INSERT INTO %s (key_hash, key, fingerprint, owner, payload, expires_at)"
          + " SELECT encode(sha256(convert_to(k, 'UTF8')), 'hex'), k, ?, NULL, ?,"
          + " clock_timestamp() + make_interval(secs => ?)"
          + " FROM (SELECT ? || i AS k FROM generate_series(1, ?) i) keys";

  final FencedTables tables;

  OwnTable(String prefix) {
    tables = FencedTables.withPrefix(prefix);
  }

  /** Creates the tables when they are missing (the store tests' advisory lock around the DDL). */
  void create(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("SELECT pg_advisory_lock(4242)");
      try {
        statement.execute(tables.ddl());
      } finally {
        statement.execute("SELECT pg_advisory_unlock(4242)");
      }
    }
  }

  /**
   * Inserts {@code count} completed records named {@code prefix + 1 ... prefix + count}, whose
   * expiry is {@code expiresInSeconds} from now (negative: expired), in one statement.
   */
  void fill(DataSource dataSource, String prefix, int count, long expiresInSeconds)
      throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement insert =
            connection.prepareStatement(String.format(FILL, tables.idempotency()))) {
      insert.setString(1, PostgresIdempotencyBenchmark.FINGERPRINT);
      insert.setBytes(2, PostgresIdempotencyBenchmark.PAYLOAD);
      insert.setLong(3, expiresInSeconds);
      insert.setString(4, prefix);
      insert.setInt(5, count);
      insert.executeUpdate();
    }
  }

  /** Runs one statement in auto-commit (e.g. {@code VACUUM}, which no transaction may hold). */
  void run(DataSource dataSource, String sql) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** A number the statement answers, e.g. a {@code count(*)}. */
  long count(DataSource dataSource, String sql) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        var row = statement.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }

  /** Drops the tables and the sequence the script created under this prefix. */
  void drop(DataSource dataSource) throws SQLException {
    run(
        dataSource,
        "DROP TABLE IF EXISTS "
            + tables.idempotency()
            + ", "
            + tables.locks()
            + ", "
            + tables.highWater()
            + "; DROP SEQUENCE IF EXISTS "
            + tables.tokenSequence());
  }
}
