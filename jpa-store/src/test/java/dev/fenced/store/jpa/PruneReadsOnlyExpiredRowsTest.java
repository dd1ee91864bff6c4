package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.PostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A prune with nothing to delete reads none of the live rows: its statements seek the {@code
 * expires_at} index to the expired rows instead of filtering every row through it. Measured by
 * PostgreSQL itself ({@code EXPLAIN ANALYZE} of the store's own statements, rolled back) on tables
 * of their own holding {@value #LIVE_ROWS} live records and locks: a statement that judged expiry
 * only by {@code clock_timestamp()}, which PostgreSQL cannot use to bound an index scan, read them
 * all (0.6 s per prune at a million live records).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PruneReadsOnlyExpiredRowsTest {

  private static final String SCHEMA = "fenced_prune_reads";
  private static final FencedTables TABLES = FencedTables.DEFAULT.inSchema(SCHEMA);
  private static final int LIVE_ROWS = 20_000;
  private static final Pattern REMOVED_BY_FILTER =
      Pattern.compile("\"Rows Removed by Filter\": (\\d+)");

  private final PostgresStatements statements = new PostgresStatements(TABLES);

  @BeforeAll
  void fillTheTablesWithLiveRows() {
    TestSchemas.recreate(SCHEMA);
    TestSchemas.run(TABLES.ddl());
    TestSchemas.run(
        "INSERT INTO "
            + TABLES.idempotency()
            + " (key_hash, key, fingerprint, owner, payload, expires_at)"
            + " SELECT md5(k), k, 'fp', NULL, '\\x01', clock_timestamp() + interval '1 hour'"
            + " FROM (SELECT 'live-' || i AS k FROM generate_series(1, "
            + LIVE_ROWS
            + ") i) keys;"
            + " INSERT INTO "
            + TABLES.locks()
            + " (key_hash, key, owner, token, expires_at)"
            + " SELECT md5(k), k, 'owner', i, clock_timestamp() + interval '1 hour'"
            + " FROM (SELECT i, 'live-' || i AS k FROM generate_series(1, "
            + LIVE_ROWS
            + ") i) keys;"
            + " ANALYZE "
            + TABLES.idempotency()
            + "; ANALYZE "
            + TABLES.locks());
  }

  @AfterAll
  void dropThem() {
    TestSchemas.drop(SCHEMA);
  }

  @Test
  void a_record_prune_with_nothing_expired_reads_none_of_the_live_records() throws SQLException {
    String prune = statements.idempotencyPrune.replace("?1", "1000");

    assertThat(rowsReadAndDiscarded(prune)).isZero();
  }

  @Test
  void a_lock_prune_with_nothing_past_its_grace_reads_none_of_the_live_locks() throws SQLException {
    String prune =
        statements
            .lockPrune
            .replace("?1", "1000")
            .replace("?2", String.valueOf(StoreSettings.LOCK_PRUNE_GRACE_MILLIS));

    assertThat(rowsReadAndDiscarded(prune)).isZero();
  }

  /** The rows the statement's plan read and then dropped by a filter, summed over its nodes. */
  private static long rowsReadAndDiscarded(String statement) throws SQLException {
    try (Connection connection = PostgresServer.get().connect();
        Statement explain = connection.createStatement()) {
      connection.setAutoCommit(false);
      try (ResultSet plan = explain.executeQuery("EXPLAIN (ANALYZE, FORMAT JSON) " + statement)) {
        plan.next();
        Matcher removed = REMOVED_BY_FILTER.matcher(plan.getString(1));
        long total = 0;
        while (removed.find()) {
          total += Long.parseLong(removed.group(1));
        }
        return total;
      } finally {
        connection.rollback();
      }
    }
  }
}
