package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The Flyway recipes of {@code docs/guide/database.md}, run with Flyway against PostgreSQL beside
 * an application's own {@code db/migration/V1__app_orders.sql}: Fenced's migration as a Flyway run
 * of its own (its location, its history table, the prefix placeholder), and its location added to
 * the application's own Flyway. Either way both migrate, a second run changes nothing, and the
 * stores work on the result.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FlywayRecipeTest {

  private static final String APART = "fenced_flyway_apart";
  private static final String TOGETHER = "fenced_flyway_together";
  private static final String FENCED_LOCATION = "classpath:META-INF/fenced/postgresql/migration";

  private EntityManagerFactory unit;

  @BeforeAll
  void open() {
    TestSchemas.drop(APART, TOGETHER);
    unit = TestSchemas.open(PostgresServer.get().jdbcUrl());
  }

  @AfterAll
  void dropTheSchemas() {
    if (unit != null) {
      unit.close();
    }
    TestSchemas.drop(APART, TOGETHER);
  }

  @Test
  void fenced_migrates_as_a_flyway_run_of_its_own_beside_the_applications_v1() {
    Flyway application =
        flyway(APART).locations("classpath:db/migration").load(); // flyway_schema_history
    Flyway fenced =
        flyway(APART)
            .locations(FENCED_LOCATION)
            .table("fenced_flyway_history")
            // the application's tables are there already: start this history at version 0
            .baselineOnMigrate(true)
            .baselineVersion("0")
            .placeholders(Map.of("fenced_table_prefix", "orders_"))
            .load();

    assertThat(application.migrate().migrationsExecuted).isEqualTo(1);
    assertThat(fenced.migrate().migrationsExecuted).isEqualTo(1);
    assertThat(application.migrate().migrationsExecuted).isZero();
    assertThat(fenced.migrate().migrationsExecuted).isZero();

    MigratedTables.assertTheStoresWork(unit, FencedTables.withPrefix("orders_").inSchema(APART));
  }

  @Test
  void fenced_location_in_the_applications_own_flyway_does_not_clash_with_its_v1() {
    Flyway both =
        flyway(TOGETHER)
            .locations("classpath:db/migration", FENCED_LOCATION)
            .placeholders(Map.of("fenced_table_prefix", FencedTables.DEFAULT_PREFIX))
            .load();

    assertThat(both.migrate().migrationsExecuted).isEqualTo(2); // V1, then R__fenced_tables
    assertThat(both.migrate().migrationsExecuted).isZero();

    MigratedTables.assertTheStoresWork(unit, FencedTables.DEFAULT.inSchema(TOGETHER));
  }

  private static org.flywaydb.core.api.configuration.FluentConfiguration flyway(String schema) {
    PostgresServer server = PostgresServer.get();
    // Flyway creates the schema and migrates with it as the search path
    return Flyway.configure()
        .dataSource(server.jdbcUrl(), server.user(), server.password())
        .schemas(schema)
        .defaultSchema(schema);
  }
}
