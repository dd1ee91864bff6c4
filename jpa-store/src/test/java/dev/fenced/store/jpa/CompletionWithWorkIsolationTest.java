package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.DeploymentProblem;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.Readiness;
import dev.fenced.tck.store.CompletionWithWorkContract.CallersTransaction;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code fenced.idempotency.commit=with-work} where the caller's transactions are not READ
 * COMMITTED. The outcome's {@code UPDATE} runs in the caller's transaction and so under its
 * snapshot: at REPEATABLE READ or SERIALIZABLE a snapshot taken before the claim does not see the
 * claim's row ({@code UPDATE 0}, so every retry lost its lock), and a renewal committed after the
 * snapshot fails the {@code UPDATE} with SQLSTATE 40001. A with-work store therefore refuses to
 * claim, naming {@code FENCED-D207} and what to change, before it writes anything; its readiness
 * says so, which fails the deployment. Real PostgreSQL databases of this test's own, whose default
 * is each level, dropped after it.
 */
class CompletionWithWorkIsolationTest {

  private static final byte[] RECEIPT = "charged".getBytes(StandardCharsets.UTF_8);
  private static final long TTL = 3_600_000;
  private static final long LOCK_TTL = 60_000;
  private static final boolean WITH_WORK = true;

  @RegisterExtension static final ProviderUnits ON_THE_TEST_DATABASE = new ProviderUnits();

  /** The caller's isolation level, as the database's default. */
  enum Level {
    REPEATABLE_READ("repeatable read"),
    SERIALIZABLE("serializable");

    final String setting;

    Level(String setting) {
      this.setting = setting;
    }
  }

  private static final String RUN = Long.toHexString(System.nanoTime());
  private static final Map<Level, String> DATABASES = new EnumMap<>(Level.class);
  private static final Map<Level, EntityManagerFactory> UNITS = new EnumMap<>(Level.class);

  @BeforeAll
  static void createDatabases() throws SQLException {
    PostgresServer server = PostgresServer.get();
    for (Level level : Level.values()) {
      String name = "fenced_isolation_" + level.name().toLowerCase() + "_" + RUN;
      try (Connection admin = server.connect();
          Statement statement = admin.createStatement()) {
        statement.execute("CREATE DATABASE " + name);
        DATABASES.put(level, name);
        statement.execute(
            "ALTER DATABASE "
                + name
                + " SET default_transaction_isolation = '"
                + level.setting
                + "'");
      }
      String url = PostgresServerConnections.withDatabase(server, name);
      Schema.apply(server, url);
      UNITS.put(level, Provider.HIBERNATE.open(server, url));
    }
  }

  @AfterAll
  static void dropDatabases() throws SQLException {
    UNITS.values().forEach(EntityManagerFactory::close);
    try (Connection admin = PostgresServer.get().connect();
        Statement statement = admin.createStatement()) {
      for (String name : DATABASES.values()) {
        statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Level.class)
  void a_with_work_call_is_refused_before_its_claim_naming_what_to_change(Level level) {
    EntityManagerFactory unit = UNITS.get(level);
    ThreadCallersTransactions callers = new ThreadCallersTransactions(unit);
    JpaStore store = withWork(callers);
    String key = newKey();

    try (CallersTransaction tx = callers.begin()) {
      readsFirst(callers.caller()); // the caller's snapshot, taken before the claim

      assertThatThrownBy(() -> store.acquire(key, "owner", "fp", LOCK_TTL))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(DeploymentProblem.COMMIT_WITH_WORK_ISOLATION.id())
          .hasMessageContaining(level.setting)
          .hasMessageContaining("READ COMMITTED")
          .hasMessageContaining("fenced.idempotency.commit=after-work");
    }

    assertThat(rows(unit, key)).isZero();
  }

  @ParameterizedTest
  @EnumSource(Level.class)
  void a_with_work_store_is_not_set_up_naming_what_to_change(Level level) {
    JpaStore store = withWork(new ThreadCallersTransactions(UNITS.get(level)));

    Readiness readiness = store.readiness();

    assertThat(readiness.state()).isEqualTo(Readiness.State.NOT_SET_UP);
    assertThat(readiness.reason())
        .contains(DeploymentProblem.COMMIT_WITH_WORK_ISOLATION.id())
        .contains(level.setting);
  }

  @ParameterizedTest
  @EnumSource(Level.class)
  void a_store_that_records_after_the_work_claims_and_completes_on_any_level(Level level) {
    JpaStore store =
        new JpaStore(new ThreadCallersTransactions(UNITS.get(level)), StoreSettings.DEFAULTS);
    String key = newKey();

    assertThat(store.acquire(key, "owner", "fp", LOCK_TTL)).isEqualTo(new AcquireResult.Acquired());
    assertThat(store.complete(key, "owner", RECEIPT, TTL)).isTrue();
    assertThat(store.readiness().state()).isEqualTo(Readiness.State.READY);
  }

  @Test
  void a_datasource_that_sets_repeatable_read_on_its_connections_is_refused_too() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(server.jdbcUrl());
    config.setUsername(server.user());
    config.setPassword(server.password());
    config.setMaximumPoolSize(2);
    config.setTransactionIsolation("TRANSACTION_REPEATABLE_READ");
    try (HikariDataSource pool = new HikariDataSource(config)) {
      StoreSettings settings = StoreSettings.DEFAULTS;
      JpaStore store =
          new JpaStore(
              new DataSourceStatements(pool, DataSourceStatements.Detached.NONE, settings),
              settings,
              WITH_WORK);

      assertThatThrownBy(() -> store.acquire(newKey(), "owner", "fp", LOCK_TTL))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(DeploymentProblem.COMMIT_WITH_WORK_ISOLATION.id())
          .hasMessageContaining("repeatable read");
    }
  }

  @Test
  void a_transaction_that_raises_its_own_level_fails_at_the_write_naming_what_to_change() {
    EntityManagerFactory unit = ON_THE_TEST_DATABASE.get(Provider.HIBERNATE);
    ThreadCallersTransactions callers = new ThreadCallersTransactions(unit);
    JpaStore store = withWork(callers);
    String key = newKey();

    try (CallersTransaction tx = callers.begin()) {
      callers
          .caller()
          .createNativeQuery("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
          .executeUpdate();
      assertThat(store.acquire(key, "owner", "fp", LOCK_TTL))
          .isEqualTo(new AcquireResult.Acquired());
      readsFirst(callers.caller()); // the snapshot, after the claim
      assertThat(store.extend(key, "owner", LOCK_TTL)).isTrue(); // a renewal after it

      assertThatThrownBy(() -> store.completeWithWork(key, "owner", RECEIPT, TTL))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(DeploymentProblem.COMMIT_WITH_WORK_ISOLATION.id())
          .hasMessageContaining("40001");
    }
  }

  private static JpaStore withWork(ThreadCallersTransactions callers) {
    return new JpaStore(
        new PersistenceUnitStatements(callers, StoreSettings.DEFAULTS),
        StoreSettings.DEFAULTS,
        WITH_WORK);
  }

  private static void readsFirst(EntityManager caller) {
    caller.createNativeQuery("SELECT count(*) FROM fenced_high_water").getSingleResult();
  }

  private static long rows(EntityManagerFactory unit, String key) {
    EntityManager em = unit.createEntityManager();
    try {
      return Columns.number(
          em.createNativeQuery("SELECT count(*) FROM fenced_idempotency WHERE key_hash = ?1")
              .setParameter(1, PostgresStatements.keyHash(key))
              .getSingleResult());
    } finally {
      em.close();
    }
  }

  private static String newKey() {
    return "isolation:" + UUID.randomUUID();
  }
}
