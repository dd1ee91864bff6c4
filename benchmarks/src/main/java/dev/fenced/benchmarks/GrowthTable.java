package dev.fenced.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import dev.fenced.testservers.PostgresServer;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A records table of one size ({@code fenced_growth_<liveRecords>_idempotency}, tables of its own:
 * {@link OwnTable}) that holds {@link #liveRecords} completed records, live for a day, named
 * {@value #LIVE}{@code 1 ... }{@value #LIVE}{@code N}, and Fenced's store on a datasource over it.
 * Each size has its tables, so that rounds that alternate sizes fill each once: a trial that finds
 * its table as the last one left it (the same number of filled records) deletes only the records
 * that trial claimed and keeps the rest; any other count is truncated and filled again, in one
 * {@code INSERT ... SELECT}, then vacuumed and analysed, so the store's statements run on a table
 * with fresh statistics, as autovacuum would leave it. {@link Growth} drops the tables at the end.
 */
@State(Scope.Benchmark)
public class GrowthTable {

  /** The name of every filled record, before its number. */
  static final String LIVE = "growth-";

  /** How many live records the table holds; 10^7 by {@code -p liveRecords=10000000}. */
  @Param({"10000", "100000", "1000000"})
  public int liveRecords;

  HikariDataSource pool;
  JpaIdempotencyStore store;

  /** The tables of the records table that holds {@code liveRecords} records. */
  static OwnTable of(int liveRecords) {
    return new OwnTable("fenced_growth_" + liveRecords + "_");
  }

  @Setup(Level.Trial)
  public void fill() throws SQLException {
    pool = PostgresDatabase.autoCommitPool(PostgresServer.get(), "growth");
    OwnTable table = of(liveRecords);
    table.create(pool);
    String records = table.tables.idempotency();
    table.run(pool, "DELETE FROM " + records + " WHERE key NOT LIKE '" + LIVE + "%'");
    if (table.count(pool, "SELECT count(*) FROM " + records) != liveRecords) {
      table.run(pool, "TRUNCATE " + records);
      table.fill(pool, LIVE, liveRecords, Duration.ofDays(1).toSeconds());
    }
    table.run(pool, "VACUUM ANALYZE " + records);
    store = new JpaIdempotencyStore(pool, Duration.ofSeconds(5), table.tables);
  }

  /** One of the filled records, drawn at random. */
  String anyLiveKey() {
    return LIVE + (1 + ThreadLocalRandom.current().nextInt(liveRecords));
  }

  @TearDown(Level.Trial)
  public void close() {
    pool.close();
  }
}
