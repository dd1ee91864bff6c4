package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.locks.StaleFencingTokenException;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The grants {@link FencedTables#grants} documents are enough: a role that owns nothing and holds
 * exactly those runs every store operation, the fence and the readiness check. The tables are
 * created by the server's user in a schema of their own; the role is dropped afterwards. Real
 * PostgreSQL, Hibernate.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GrantsTest {

  private static final String SCHEMA = "fenced_grants";
  private static final String ROLE = "fenced_grants_app";
  private static final String PASSWORD = "fenced-grants-app";

  private final FencedTables tables = FencedTables.DEFAULT.inSchema(SCHEMA);
  private String url;
  private EntityManagerFactory unit;
  private JpaStore store;

  @BeforeAll
  void createTheTablesAndARoleWithTheDocumentedGrants() {
    dropTheRoleAndSchema();
    TestSchemas.run("CREATE SCHEMA " + SCHEMA);
    TestSchemas.run(tables.ddl());
    TestSchemas.run(
        "CREATE ROLE " + ROLE + " LOGIN NOSUPERUSER NOINHERIT PASSWORD '" + PASSWORD + "'");
    TestSchemas.run(tables.grants(ROLE));
    url = PostgresServerConnections.asUser(PostgresServer.get(), ROLE, PASSWORD);
    unit = TestSchemas.open(url);
    store =
        new JpaStore(
            new ResourceLocalTransactions(unit), StoreSettings.DEFAULTS.withTables(tables));
  }

  @AfterAll
  void dropTheRoleAndSchema() {
    if (unit != null) {
      unit.close();
    }
    TestSchemas.drop(SCHEMA);
    TestSchemas.run(
        "DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '"
            + ROLE
            + "') THEN DROP OWNED BY "
            + ROLE
            + "; DROP ROLE "
            + ROLE
            + "; END IF; END $$");
  }

  @Test
  void the_role_owns_nothing_and_may_create_nothing_in_the_schema() throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT current_user, (SELECT count(*) FROM pg_class c JOIN pg_roles r"
                    + " ON c.relowner = r.oid WHERE r.rolname = current_user),"
                    + " has_schema_privilege('"
                    + SCHEMA
                    + "', 'CREATE'),"
                    + " has_table_privilege('"
                    + tables.idempotency()
                    + "', 'TRUNCATE'),"
                    + " has_table_privilege('"
                    + tables.highWater()
                    + "', 'DELETE')")) {
      row.next();
      assertThat(row.getString(1)).isEqualTo(ROLE);
      assertThat(row.getLong(2)).isZero();
      assertThat(row.getBoolean(3)).isFalse();
      assertThat(row.getBoolean(4)).isFalse();
      assertThat(row.getBoolean(5)).isFalse();
    }
  }

  @Test
  void the_role_claims_completes_replays_extends_releases_and_prunes_records() {
    JpaIdempotencyStore records = store.idempotencyStore();

    assertThat(records.acquire("order-1", "o1", "fp", 60_000))
        .isInstanceOf(AcquireResult.Acquired.class);
    assertThat(records.complete("order-1", "o1", bytes("done"), 60_000)).isTrue();
    AcquireResult replay = records.acquire("order-1", "o2", "fp", 60_000);
    assertThat(replay).isInstanceOf(AcquireResult.Completed.class);
    assertThat(((AcquireResult.Completed) replay).payload()).isEqualTo(bytes("done"));

    assertThat(records.acquire("order-2", "o3", "fp", 60_000))
        .isInstanceOf(AcquireResult.Acquired.class);
    assertThat(records.extend("order-2", "o3", 60_000)).isTrue();
    assertThat(records.release("order-2", "o3")).isTrue();
    assertThat(records.acquire("order-3", "o4", "fp", 60_000))
        .isInstanceOf(AcquireResult.Acquired.class);
    assertThat(store.release("order-3", "o4")).isTrue();

    assertThat(records.prune(100)).isGreaterThanOrEqualTo(2); // the two released records
  }

  @Test
  void the_role_takes_renews_releases_and_prunes_locks_with_growing_tokens() {
    JpaLockStore locks = store.lockStore();

    long first = locks.acquire("nightly", "a", 60_000).orElseThrow();
    assertThat(locks.renew("nightly", "a", 60_000)).isTrue();
    assertThat(locks.release("nightly", "a")).isTrue();
    long second = locks.acquire("nightly", "b", 60_000).orElseThrow();
    assertThat(second).isGreaterThan(first);
    assertThat(store.release("nightly", "b")).isTrue();

    assertThat(locks.prune(100)).isZero(); // released within the grace: kept, but the DELETE ran
  }

  @Test
  void the_role_fences_a_write_and_is_refused_a_stale_token() throws SQLException {
    try (Connection connection = DriverManager.getConnection(url)) {
      connection.setAutoCommit(false);
      PostgresFence fence = PostgresFence.on(connection).withTables(tables);

      fence.admit("ledger", 20);
      connection.commit();
      assertThatThrownBy(() -> fence.admit("ledger", 10))
          .isInstanceOf(StaleFencingTokenException.class);
      connection.rollback();
    }
  }

  @Test
  void the_role_finds_the_store_ready() {
    assertThat(store.readiness().ready()).as(store.readiness().reason()).isTrue();
    assertThat(store.readiness().details()).containsEntry("schema", SCHEMA);
  }

  @Test
  void without_usage_on_the_sequence_the_role_cannot_take_a_lock() {
    TestSchemas.run("REVOKE USAGE ON SEQUENCE " + tables.tokenSequence() + " FROM " + ROLE);
    try {
      assertThatThrownBy(() -> store.lockStore().acquire("no-sequence", "a", 60_000))
          .hasStackTraceContaining("permission denied for sequence");
    } finally {
      TestSchemas.run("GRANT USAGE ON SEQUENCE " + tables.tokenSequence() + " TO " + ROLE);
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
