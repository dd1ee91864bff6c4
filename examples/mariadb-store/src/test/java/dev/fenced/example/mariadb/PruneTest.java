package dev.fenced.example.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Deleting expired rows: records at once, locks only after the grace that keeps tokens growing;
 * with nothing to delete, reading none of the live rows.
 */
class PruneTest {

  private static final int LIVE_ROWS = 20_000;
  private static final Pattern ROWS_READ = Pattern.compile("\"r_rows\": ([0-9.]+)");

  private DataSource dataSource;
  private MariaDbStore store;

  @BeforeEach
  void open() throws Exception {
    dataSource = MariaDbTestServer.dataSource(MariaDbTestServer.emptyDatabase("fenced_prune"));
    MariaDbTables.create(dataSource);
    store = new MariaDbStore(dataSource, Duration.ofSeconds(5));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void pruning_deletes_expired_and_released_records_in_batches_and_keeps_live_ones()
      throws Exception {
    for (int i = 0; i < 5; i++) {
      store.acquire("expired-" + i, "owner", "fp", 50);
    }
    store.acquire("released", "owner-r", "fp", 60_000);
    store.release("released", "owner-r");
    store.acquire("live", "owner-l", "fp-live", 60_000);
    Thread.sleep(200);

    assertThat(store.idempotencyStore().pruneExpired(2)).isEqualTo(6);
    assertThat(store.acquire("live", "other", "fp", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp-live"));
    assertThat(rows("fenced_idempotency")).isEqualTo(1);
  }

  @Test
  void pruning_keeps_released_locks_for_the_grace_and_tokens_keep_growing_after_it()
      throws Exception {
    long first = store.lockStore().acquire("job", "owner-1", 60_000).orElseThrow();
    store.release("job", "owner-1");

    assertThat(store.lockStore().pruneReleased(10)).isZero();

    execute(
        "UPDATE fenced_locks SET expires_at = expires_at - "
            + MariaDbLockStore.PRUNE_GRACE.plusMinutes(1).toMillis());
    assertThat(store.lockStore().pruneReleased(10)).isEqualTo(1);
    assertThat(rows("fenced_locks")).isZero();
    assertThat(store.lockStore().acquire("job", "owner-2", 60_000).orElseThrow())
        .isGreaterThan(first);
  }

  @Test
  void a_record_prune_with_nothing_expired_reads_none_of_the_live_records() throws Exception {
    execute(
        "INSERT INTO fenced_idempotency (key_hash, record_key, fingerprint, owner, payload, claim,"
            + " claimed_at, revision, expires_at) SELECT UNHEX(SHA2(CONCAT('live-', seq), 256)),"
            + " CONCAT('live-', seq), 'fp', NULL, NULL, 0, 0, 0, 99999999999999 FROM seq_1_to_"
            + LIVE_ROWS);

    assertThat(rowsRead(MariaDbSql.IDEMPOTENCY_PRUNE.replace("?", "1000"))).isZero();
  }

  @Test
  void a_lock_prune_with_nothing_past_its_grace_reads_none_of_the_live_locks() throws Exception {
    execute(
        "INSERT INTO fenced_locks (key_hash, lock_key, owner, token, revision, expires_at)"
            + " SELECT UNHEX(SHA2(CONCAT('live-', seq), 256)), CONCAT('live-', seq), 'owner', seq,"
            + " 0, 99999999999999 FROM seq_1_to_"
            + LIVE_ROWS);
    String prune =
        MariaDbSql.LOCK_PRUNE
            .replaceFirst("\\?", String.valueOf(MariaDbLockStore.PRUNE_GRACE.toMillis()))
            .replaceFirst("\\?", "1000");

    assertThat(rowsRead(prune)).isZero();
  }

  /**
   * The rows MariaDB read to run the statement ({@code r_rows} of {@code ANALYZE}, which runs it:
   * rolled back). A prune that could not seek the {@code expires_at} index to the expired rows read
   * every live one.
   */
  private long rowsRead(String statement) throws Exception {
    try (Connection connection = dataSource.getConnection();
        Statement analyze = connection.createStatement()) {
      connection.setAutoCommit(false);
      try (var plan = analyze.executeQuery("ANALYZE FORMAT=JSON " + statement)) {
        plan.next();
        Matcher read = ROWS_READ.matcher(plan.getString(1));
        long total = 0;
        while (read.find()) {
          total += Math.round(Double.parseDouble(read.group(1)));
        }
        return total;
      } finally {
        connection.rollback();
      }
    }
  }

  private long rows(String table) throws Exception {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        var rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  private void execute(String sql) throws Exception {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
