package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.store.spi.Readiness;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The PostgreSQL store's readiness: ready where its objects are on the unit's search path, not
 * ready naming what is missing (with its prefix and schema) and the DDL that creates it, and not
 * ready when PostgreSQL does not answer; never an exception. Real PostgreSQL, both providers.
 */
class StoreReadinessTest {

  /** A schema the test keeps empty, so a unit whose search path is it sees no Fenced object. */
  private static final String EMPTY_SCHEMA = "fenced_readiness_empty";

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_database_with_the_fenced_objects_is_ready_and_named(Provider provider) {
    Readiness readiness = store(UNITS.get(provider)).readiness();

    assertThat(readiness.ready()).as(readiness.reason()).isTrue();
    assertThat(readiness.details()).containsKeys("database", "schema");
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_search_path_without_the_fenced_objects_is_not_ready_naming_them_and_the_script(
      Provider provider) throws SQLException {
    PostgresServer server = PostgresServer.get();
    try (Connection admin = PostgresServerConnections.connect(server, server.jdbcUrl());
        Statement statement = admin.createStatement()) {
      statement.execute("CREATE SCHEMA IF NOT EXISTS " + EMPTY_SCHEMA);
    }
    String url = server.jdbcUrl();
    // without schema validation: the unit must open where the tables are missing
    EntityManagerFactory empty =
        provider.open(
            server,
            url + (url.contains("?") ? "&" : "?") + "currentSchema=" + EMPTY_SCHEMA,
            Map.of("hibernate.hbm2ddl.auto", "none"));
    try {
      Readiness readiness = store(empty).readiness();

      assertThat(readiness.state()).isEqualTo(Readiness.State.NOT_SET_UP);
      assertThat(readiness.reason())
          .contains(
              "table fenced_idempotency",
              "column fenced_idempotency.committed_until",
              "column fenced_idempotency.claimed_at",
              "column fenced_idempotency.awaited",
              "table fenced_locks",
              "sequence fenced_lock_token_seq",
              "table fenced_high_water",
              "schema " + EMPTY_SCHEMA,
              FencedTables.SCRIPT);
    } finally {
      empty.close();
    }
  }

  @Test
  void tables_of_another_prefix_and_schema_that_are_missing_are_named_with_their_ddl() {
    FencedTables tables = FencedTables.withPrefix("nowhere_").inSchema(EMPTY_SCHEMA);
    TestSchemas.run("CREATE SCHEMA IF NOT EXISTS " + EMPTY_SCHEMA);

    Readiness readiness =
        new JpaStore(
                new ResourceLocalTransactions(UNITS.get(Provider.HIBERNATE)),
                StoreSettings.DEFAULTS.withTables(tables))
            .readiness();

    assertThat(readiness.state()).isEqualTo(Readiness.State.NOT_SET_UP);
    assertThat(readiness.reason())
        .contains(
            "table " + EMPTY_SCHEMA + ".nowhere_idempotency",
            "column " + EMPTY_SCHEMA + ".nowhere_idempotency.committed_until",
            "table " + EMPTY_SCHEMA + ".nowhere_locks",
            "sequence " + EMPTY_SCHEMA + ".nowhere_lock_token_seq",
            "table " + EMPTY_SCHEMA + ".nowhere_high_water",
            FencedTables.SCHEMA + " " + EMPTY_SCHEMA,
            "the DDL in the detail \"ddl\"")
        .doesNotContain(FencedTables.SCRIPT);
    assertThat(readiness.details())
        .containsEntry("schema", EMPTY_SCHEMA)
        .containsEntry("table-prefix", "nowhere_")
        .containsEntry(SchemaReadiness.DDL, tables.ddl());
  }

  @Test
  void a_database_that_cannot_be_reached_is_not_ready_and_nothing_is_thrown() {
    EntityManagerFactory nowhere =
        Persistence.createEntityManagerFactory(
            "fenced-eclipselink",
            Map.of(
                "jakarta.persistence.jdbc.url",
                "jdbc:postgresql://127.0.0.1:1/nowhere?connectTimeout=2",
                "jakarta.persistence.jdbc.user",
                "nobody"));
    try {
      Readiness readiness = store(nowhere).readiness();

      assertThat(readiness.state()).isEqualTo(Readiness.State.UNAVAILABLE);
      assertThat(readiness.reason())
          .contains("PostgreSQL did not answer", "fenced.jpa.query-timeout");
    } finally {
      nowhere.close();
    }
  }

  private static JpaStore store(EntityManagerFactory factory) {
    return new JpaStore(new ResourceLocalTransactions(factory), StoreSettings.DEFAULTS);
  }
}
