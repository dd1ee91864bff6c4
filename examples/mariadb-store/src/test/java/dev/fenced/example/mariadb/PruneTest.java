package dev.fenced.example.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Deleting expired rows: records at once, locks only after the grace that keeps tokens growing. */
class PruneTest {

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
