package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.PostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code fenced.jpa.datasource-sharing}: on a datasource the application shares, every call bounds
 * its own transaction and leaves the session alone; on one only Fenced uses, the bounds are set
 * once per physical connection and each later call sends its statement alone, still ended by
 * PostgreSQL past the query timeout.
 */
class DataSourceSharingTest {

  private static final Duration QUERY_TIMEOUT = Duration.ofMillis(1_234);
  private static final String SESSION_BOUNDS = "set_config('statement_timeout', '1234', false)";
  private static final String CALL_BOUNDS = "set_config('statement_timeout', '1234', true)";

  @BeforeAll
  static void schema() {
    Schema.apply(PostgresServer.get());
  }

  @Test
  void a_shared_datasource_leaves_the_sessions_of_its_connections_as_it_found_them()
      throws SQLException {
    try (HikariDataSource pool = onePhysicalConnection(true)) {
      String before = setting(pool, "statement_timeout");
      JpaLockStore store = lockStore(pool, DataSourceSharing.SHARED);

      assertThat(store.acquire("sharing:" + UUID.randomUUID(), "me", 60_000)).isPresent();

      assertThat(setting(pool, "statement_timeout")).isEqualTo(before).isNotEqualTo("1234ms");
    }
  }

  @Test
  void a_datasource_only_fenced_uses_carries_the_bounds_in_the_session_of_each_connection()
      throws SQLException {
    try (HikariDataSource pool = onePhysicalConnection(true)) {
      JpaLockStore store = lockStore(pool, DataSourceSharing.FENCED_ONLY);

      assertThat(store.acquire("sharing:" + UUID.randomUUID(), "me", 60_000)).isPresent();

      assertThat(setting(pool, "statement_timeout")).isEqualTo("1234ms");
      assertThat(setting(pool, "default_transaction_isolation")).isEqualTo("read committed");
    }
  }

  @Test
  void a_datasource_only_fenced_uses_gets_the_bounds_once_per_physical_connection() {
    try (HikariDataSource pool = onePhysicalConnection(true)) {
      StatementTexts texts = new StatementTexts(pool);
      JpaLockStore store = lockStore(texts.dataSource(), DataSourceSharing.FENCED_ONLY);

      takeAndGiveBack(store, 10);
      assertThat(texts.containing(SESSION_BOUNDS)).as("session bounds").isEqualTo(1);
      assertThat(texts.containing(CALL_BOUNDS)).as("bounds in a call").isZero();
      assertThat(texts.sent()).hasSize(21);

      pool.getHikariPoolMXBean().softEvictConnections(); // the next call: a new connection
      takeAndGiveBack(store, 1);

      assertThat(texts.containing(SESSION_BOUNDS)).as("session bounds").isEqualTo(2);
    }
  }

  @Test
  void a_pool_that_hands_out_a_new_proxy_of_the_drivers_connection_gets_the_bounds_in_every_call() {
    try (HikariDataSource pool = onePhysicalConnection(true)) {
      StatementTexts texts = new StatementTexts(pool, true);
      JpaLockStore store = lockStore(texts.dataSource(), DataSourceSharing.FENCED_ONLY);

      takeAndGiveBack(store, 5);

      assertThat(texts.containing(CALL_BOUNDS)).isEqualTo(10);
      assertThat(texts.containing(SESSION_BOUNDS)).isZero();
    }
  }

  @Test
  void a_shared_datasource_bounds_every_call_in_its_own_transaction() {
    try (HikariDataSource pool = onePhysicalConnection(true)) {
      StatementTexts texts = new StatementTexts(pool);
      JpaLockStore store = lockStore(texts.dataSource(), DataSourceSharing.SHARED);

      takeAndGiveBack(store, 10);

      assertThat(texts.containing(CALL_BOUNDS)).isEqualTo(20);
      assertThat(texts.containing(SESSION_BOUNDS)).isZero();
    }
  }

  @Test
  void a_connection_with_auto_commit_off_still_gets_the_bounds_in_every_call() {
    try (HikariDataSource pool = onePhysicalConnection(false)) {
      StatementTexts texts = new StatementTexts(pool);
      JpaLockStore store = lockStore(texts.dataSource(), DataSourceSharing.FENCED_ONLY);

      takeAndGiveBack(store, 5);

      assertThat(texts.containing(CALL_BOUNDS)).isEqualTo(10);
      assertThat(texts.containing(SESSION_BOUNDS)).isZero();
    }
  }

  @Test
  void a_statement_alone_on_a_bounded_session_that_waits_past_the_query_timeout_fails_closed()
      throws Exception {
    try (HikariDataSource pool = onePhysicalConnection(true);
        HikariDataSource other = onePhysicalConnection(true)) {
      StatementTexts texts = new StatementTexts(pool);
      JpaIdempotencyStore store =
          new JpaIdempotencyStore(
              texts.dataSource(),
              QUERY_TIMEOUT,
              FencedTables.DEFAULT,
              DataSourceSharing.FENCED_ONLY);
      String key = "sharing:" + UUID.randomUUID();
      assertThat(store.acquire(key, "me", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());

      try (Connection holder = other.getConnection()) {
        holder.setAutoCommit(false);
        HeldRecordRow.hold(holder, key);
        CompletableFuture<Boolean> extend =
            CompletableFuture.supplyAsync(() -> store.extend(key, "me", 60_000));

        assertThatThrownBy(() -> extend.get(30, TimeUnit.SECONDS))
            .hasCauseInstanceOf(StoreUnavailableException.class)
            .cause()
            .hasMessageContaining("statement timeout");
        holder.rollback();
      }
      assertThat(texts.containing(SESSION_BOUNDS)).isEqualTo(1);
      assertThat(texts.containing(CALL_BOUNDS)).isZero();
      assertThat(store.extend(key, "me", 60_000)).isTrue();
    }
  }

  @Test
  void sharing_is_read_from_config_and_is_shared_by_default() {
    assertThat(DataSourceSharing.read(key -> null)).isEqualTo(DataSourceSharing.SHARED);
    assertThat(DataSourceSharing.read(Map.of(DataSourceSharing.KEY, " ")::get))
        .isEqualTo(DataSourceSharing.SHARED);
    assertThat(DataSourceSharing.read(Map.of(DataSourceSharing.KEY, "shared")::get))
        .isEqualTo(DataSourceSharing.SHARED);
    assertThat(DataSourceSharing.read(Map.of(DataSourceSharing.KEY, " Fenced-Only ")::get))
        .isEqualTo(DataSourceSharing.FENCED_ONLY);
  }

  @ParameterizedTest
  @ValueSource(strings = {"exclusive", "true", "fenced_only", "own"})
  void an_invalid_sharing_is_refused_naming_the_key(String value) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DataSourceSharing.read(Map.of(DataSourceSharing.KEY, value)::get))
        .withMessageContaining("FENCED-D401: " + DataSourceSharing.KEY + "=" + value)
        .withMessageContaining("fenced-only");
  }

  /** Takes a lock of a new key and gives it back, {@code times} times: two calls each time. */
  private static void takeAndGiveBack(JpaLockStore store, int times) {
    String key = "sharing:" + UUID.randomUUID();
    for (int i = 0; i < times; i++) {
      assertThat(store.acquire(key, "me", 60_000)).isPresent();
      assertThat(store.release(key, "me")).isTrue();
    }
  }

  private static JpaLockStore lockStore(DataSource dataSource, DataSourceSharing sharing) {
    return new JpaLockStore(dataSource, QUERY_TIMEOUT, FencedTables.DEFAULT, sharing);
  }

  private static HikariDataSource onePhysicalConnection(boolean autoCommit) {
    PostgresServer server = PostgresServer.get();
    return TestDataSources.pool(server, server.jdbcUrl(), autoCommit, 1);
  }

  private static String setting(DataSource pool, String name) throws SQLException {
    try (Connection connection = pool.getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SHOW " + name)) {
      row.next();
      return row.getString(1);
    }
  }
}
