package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import liquibase.changelog.ChangeLogParameters;
import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DatabaseChangelogCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The Liquibase recipe of {@code docs/guide/database.md}, run with Liquibase 4 against PostgreSQL:
 * the application's master changelog includes Fenced's ({@link FencedTables#LIQUIBASE_CHANGELOG}),
 * both change sets run once, a second update changes nothing, and the stores work on the result; a
 * second service's prefix in the same schema gets a change set of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LiquibaseRecipeTest {

  private static final String SCHEMA = "fenced_liquibase";

  private EntityManagerFactory unit;

  @BeforeAll
  void createTheSchema() {
    TestSchemas.recreate(SCHEMA); // Liquibase creates no schema
    unit = TestSchemas.open(PostgresServer.get().jdbcUrl());
  }

  @AfterAll
  void dropIt() {
    if (unit != null) {
      unit.close();
    }
    TestSchemas.drop(SCHEMA);
  }

  @Test
  void fenced_changelog_included_by_the_applications_runs_once_and_again_harmlessly()
      throws Exception {
    update("db/changelog/app-changelog.xml", null);
    update("db/changelog/app-changelog.xml", null);

    assertThat(changeSets())
        .contains("1 EXECUTED", "fenced-tables-fenced_ EXECUTED")
        .doesNotHaveDuplicates();
    MigratedTables.assertTheStoresWork(unit, FencedTables.DEFAULT.inSchema(SCHEMA));
  }

  @Test
  void a_second_service_with_its_own_prefix_gets_its_own_change_set() throws Exception {
    update(FencedTables.LIQUIBASE_CHANGELOG, "billing_");

    assertThat(changeSets()).contains("fenced-tables-billing_ EXECUTED");
    MigratedTables.assertTheStoresWork(unit, FencedTables.withPrefix("billing_").inSchema(SCHEMA));
  }

  /** Liquibase update on {@value #SCHEMA} (defaultSchemaName), with the prefix unless null. */
  private static void update(String changelog, String prefix) throws Exception {
    try (Connection connection = PostgresServer.get().connect()) {
      Database database =
          DatabaseFactory.getInstance()
              .findCorrectDatabaseImplementation(new JdbcConnection(connection));
      database.setDefaultSchemaName(SCHEMA);
      ChangeLogParameters parameters = new ChangeLogParameters(database);
      if (prefix != null) {
        parameters.set("fenced_table_prefix", prefix);
      }
      new CommandScope(UpdateCommandStep.COMMAND_NAME)
          .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
          .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, changelog)
          .addArgumentValue(DatabaseChangelogCommandStep.CHANGELOG_PARAMETERS, parameters)
          .execute();
    }
  }

  private static List<String> changeSets() throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection connection = PostgresServer.get().connect();
        Statement statement = connection.createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT id, exectype FROM "
                    + SCHEMA
                    + ".databasechangelog ORDER BY orderexecuted")) {
      while (row.next()) {
        rows.add(row.getString(1) + " " + row.getString(2));
      }
    }
    return rows;
  }
}
