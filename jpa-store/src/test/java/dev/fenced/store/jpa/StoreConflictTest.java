package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Transactions run READ COMMITTED with the query timeout whatever the database's default; a
 * transient conflict (40001, 40P01, 55P03) is retried a bounded number of times, then reported as
 * contention by an acquire and as unavailability by the other calls; contention is never an outage.
 */
class StoreConflictTest {

  private static final Map<Provider, EntityManagerFactory> REPEATABLE_READ =
      new EnumMap<>(Provider.class);
  private static EntityManagerFactory factory;

  @BeforeAll
  static void open() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    factory = Provider.HIBERNATE.open(server);
    String url = TestDatabases.repeatableRead(server);
    for (Provider provider : Provider.values()) {
      REPEATABLE_READ.put(provider, provider.open(server, url));
    }
  }

  @AfterAll
  static void close() {
    REPEATABLE_READ.values().forEach(EntityManagerFactory::close);
    if (factory != null) {
      factory.close();
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_store_transaction_runs_read_committed_with_the_query_timeout_on_a_repeatable_read_database(
      Provider provider) {
    Calls calls =
        new Calls(
            new PersistenceUnitStatements(
                new ResourceLocalTransactions(REPEATABLE_READ.get(provider)),
                StoreSettings.of(4_321)),
            StoreSettings.of(4_321));

    assertReadCommittedWithTimeout(calls);
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void a_call_on_a_datasource_pins_read_committed_once_it_found_a_repeatable_read_database(
      boolean autoCommit) {
    PostgresServer server = PostgresServer.get();
    try (HikariDataSource pool =
        TestDataSources.pool(
            server, TestDatabases.repeatableRead(server), autoCommit, Provider.POOL_SIZE)) {
      Calls calls = onDataSource(pool);

      Object[] first = settings(calls);
      Object[] second = settings(calls);

      assertThat(first[2]).as("the database's default").isEqualTo("repeatable read");
      assertThat(first[0]).as("the first call, unpinned").isEqualTo("repeatable read");
      assertThat(first[1]).isEqualTo("4321ms");
      assertThat(first[3]).isEqualTo(StoreSettings.IDLE_IN_TRANSACTION_TIMEOUT_MILLIS / 1000 + "s");
      assertThat(second[0]).as("every later call").isEqualTo("read committed");
      assertThat(second[1]).isEqualTo("4321ms");
    }
  }

  @Test
  void a_call_on_a_datasource_sends_no_isolation_command_to_a_read_committed_database() {
    PostgresServer server = PostgresServer.get();
    // one connection, which prepares a statement on the server once it ran five times
    try (HikariDataSource pool = TestDataSources.pool(server, server.jdbcUrl(), true, 1)) {
      Calls calls = onDataSource(pool);
      Object[] later = null;
      for (int i = 0; i < 6; i++) {
        later = settings(calls);
      }

      List<String> prepared =
          calls.rows("probe", "SELECT statement FROM pg_prepared_statements").stream()
              .map(row -> row[0].toString().toUpperCase(java.util.Locale.ROOT))
              .toList();

      assertThat(later[0]).isEqualTo("read committed");
      assertThat(later[1]).isEqualTo("4321ms");
      assertThat(prepared).anyMatch(statement -> statement.contains("SET_CONFIG"));
      assertThat(prepared).noneMatch(statement -> statement.contains("SET TRANSACTION"));
    }
  }

  private static Calls onDataSource(HikariDataSource pool) {
    return new Calls(
        new DataSourceStatements(pool, DataSourceStatements.Detached.NONE, StoreSettings.of(4_321)),
        StoreSettings.of(4_321));
  }

  private static void assertReadCommittedWithTimeout(Calls calls) {
    Object[] settings = settings(calls);

    assertThat(settings[2]).as("the database's default").isEqualTo("repeatable read");
    assertThat(settings[0]).isEqualTo("read committed");
    assertThat(settings[1]).isEqualTo("4321ms");
    assertThat(settings[3])
        .isEqualTo(StoreSettings.IDLE_IN_TRANSACTION_TIMEOUT_MILLIS / 1000 + "s");
  }

  /**
   * The isolation, query timeout, default isolation and idle bound a call's statement runs with.
   */
  private static Object[] settings(Calls calls) {
    return calls
        .rows(
            "probe",
            "SELECT current_setting('transaction_isolation'),"
                + " current_setting('statement_timeout'),"
                + " current_setting('default_transaction_isolation'),"
                + " current_setting('idle_in_transaction_session_timeout')")
        .get(0);
  }

  @Test
  void an_acquire_that_waited_behind_another_callers_claim_reports_that_claim_on_its_next_attempt()
      throws Exception {
    String key = "waited:" + UUID.randomUUID();
    AtomicInteger statements = new AtomicInteger();
    StatementRunner counted =
        counting(
            new PersistenceUnitStatements(
                new ResourceLocalTransactions(factory), StoreSettings.DEFAULTS),
            statements);
    try (Connection other = PostgresServer.get().connect()) {
      other.setAutoCommit(false);
      try (PreparedStatement claim =
          other.prepareStatement(
              "INSERT INTO fenced_idempotency (key_hash, key, fingerprint, owner, expires_at,"
                  + " claimed_at) VALUES (?, ?, 'fp-other', 'other',"
                  + " clock_timestamp() + interval '1 minute', clock_timestamp())")) {
        claim.setString(1, PostgresStatements.keyHash(key));
        claim.setString(2, key);
        claim.executeUpdate();
      }
      // the other caller's claim is not committed: this acquire's snapshot sees no record, and its
      // insert waits on the other's row
      CompletableFuture<AcquireResult> mine =
          CompletableFuture.supplyAsync(
              () ->
                  new JpaIdempotencyStore(counted, StoreSettings.DEFAULTS)
                      .acquire(key, "me", "fp", 60_000));
      awaitWaitingOnALock(other);
      other.commit();

      assertThat(mine.get(10, TimeUnit.SECONDS)).isEqualTo(new AcquireResult.InFlight("fp-other"));
      assertThat(statements).hasValue(2);
    }
  }

  @Test
  void an_acquire_whose_statement_keeps_deciding_nothing_reports_contention_not_an_outage() {
    AtomicInteger statements = new AtomicInteger();
    // what a key claimed and released by others between every snapshot and insert looks like
    StatementRunner undecided =
        new StatementRunner() {
          @Override
          public List<Object[]> rows(String sql, Object... parameters) {
            statements.incrementAndGet();
            return List.of();
          }

          @Override
          public int update(String sql, Object... parameters) {
            throw new AssertionError("an acquire only reads rows");
          }

          @Override
          public int updateInCallersTransaction(String sql, Object... parameters) {
            throw new AssertionError("an acquire only reads rows");
          }

          @Override
          public List<Object[]> rowsInCallersTransaction(String sql, Object... parameters) {
            throw new AssertionError("an acquire runs in a transaction of its own");
          }
        };

    AcquireResult result =
        new JpaIdempotencyStore(undecided, StoreSettings.DEFAULTS)
            .acquire("k:" + UUID.randomUUID(), "me", "fp", 60_000);

    assertThat(result).isEqualTo(new AcquireResult.InFlight("fp"));
    assertThat(statements).hasValue(JpaIdempotencyStore.ACQUIRE_ATTEMPTS);
  }

  @Test
  void a_lock_acquire_refused_by_serialization_failures_reports_contention_after_bounded_retries() {
    AtomicInteger attempts = new AtomicInteger();
    JpaLockStore store = new JpaLockStore(refusing("40001", attempts), StoreSettings.DEFAULTS);

    assertThat(store.acquire("k", "o", 60_000)).isEmpty();
    assertThat(attempts).hasValue(Calls.CONFLICT_ATTEMPTS);
  }

  @Test
  void an_idempotency_acquire_refused_by_deadlocks_reports_contention_not_an_outage() {
    JpaIdempotencyStore store =
        new JpaIdempotencyStore(refusing("40P01", new AtomicInteger()), StoreSettings.DEFAULTS);

    assertThat(store.acquire("k", "o", "fp", 60_000)).isEqualTo(new AcquireResult.InFlight("fp"));
  }

  @Test
  void a_complete_refused_by_lock_timeouts_is_unavailable_after_bounded_retries() {
    AtomicInteger attempts = new AtomicInteger();
    JpaIdempotencyStore store =
        new JpaIdempotencyStore(refusing("55P03", attempts), StoreSettings.DEFAULTS);

    assertThatThrownBy(() -> store.complete("k", "o", new byte[] {1}, 60_000))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("55P03");
    assertThat(attempts).hasValue(Calls.CONFLICT_ATTEMPTS);
  }

  @Test
  void a_serialization_failure_once_is_retried_and_the_acquire_wins() {
    String key = "retried:" + UUID.randomUUID();
    StoreTransactions real = new ResourceLocalTransactions(factory);
    AtomicInteger attempts = new AtomicInteger();
    StoreTransactions failingOnce =
        new StoreTransactions() {
          @Override
          public <T> T inNewTransaction(Function<EntityManager, T> work) {
            if (attempts.getAndIncrement() == 0) {
              throw conflict("40001");
            }
            return real.inNewTransaction(work);
          }
        };

    assertThat(new JpaLockStore(failingOnce, StoreSettings.DEFAULTS).acquire(key, "o", 60_000))
        .isPresent();
    assertThat(attempts).hasValue(2);
  }

  @Test
  void conflict_states_are_neither_unavailable_nor_propagated_raw() {
    for (String state : new String[] {"40001", "40P01", "55P03"}) {
      assertThat(StoreFailures.transientConflict(conflict(state))).as(state).isTrue();
      assertThat(StoreFailures.unreachable(conflict(state))).as(state).isFalse();
    }
    assertThat(StoreFailures.transientConflict(conflict("23505"))).isFalse();
  }

  /** Until a statement waits for {@code other}'s transaction to end. */
  private static void awaitWaitingOnALock(Connection other) throws Exception {
    String transaction;
    try (Statement id = other.createStatement();
        ResultSet row = id.executeQuery("SELECT CAST(CAST(pg_current_xact_id() AS xid) AS text)")) {
      row.next();
      transaction = row.getString(1);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    try (Connection observer = PostgresServer.get().connect();
        PreparedStatement waiting =
            observer.prepareStatement(
                "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'"
                    + " AND CAST(transactionid AS text) = ?")) {
      waiting.setString(1, transaction);
      while (System.nanoTime() < deadline) {
        try (ResultSet count = waiting.executeQuery()) {
          count.next();
          if (count.getLong(1) > 0) {
            return;
          }
        }
        Thread.sleep(20);
      }
    }
    other.rollback();
    throw new AssertionError("the acquire never waited on the other caller's row");
  }

  private static StatementRunner counting(StatementRunner runner, AtomicInteger statements) {
    return new StatementRunner() {
      @Override
      public List<Object[]> rows(String sql, Object... parameters) {
        statements.incrementAndGet();
        return runner.rows(sql, parameters);
      }

      @Override
      public int update(String sql, Object... parameters) {
        statements.incrementAndGet();
        return runner.update(sql, parameters);
      }

      @Override
      public int updateInCallersTransaction(String sql, Object... parameters) {
        statements.incrementAndGet();
        return runner.updateInCallersTransaction(sql, parameters);
      }

      @Override
      public List<Object[]> rowsInCallersTransaction(String sql, Object... parameters) {
        statements.incrementAndGet();
        return runner.rowsInCallersTransaction(sql, parameters);
      }
    };
  }

  private static StoreTransactions refusing(String state, AtomicInteger attempts) {
    return new StoreTransactions() {
      @Override
      public <T> T inNewTransaction(Function<EntityManager, T> work) {
        attempts.incrementAndGet();
        throw conflict(state);
      }
    };
  }

  private static PersistenceException conflict(String state) {
    return new PersistenceException("refused", new SQLException("refused: " + state, state));
  }
}
