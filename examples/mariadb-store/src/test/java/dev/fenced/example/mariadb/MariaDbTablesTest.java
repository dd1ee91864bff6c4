package dev.fenced.example.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The script of the tables: what it creates, and that it may run again. */
class MariaDbTablesTest {

  @Test
  void create_makes_both_tables_and_the_sequence_and_may_run_again() throws Exception {
    DataSource dataSource =
        MariaDbTestServer.dataSource(MariaDbTestServer.emptyDatabase("fenced_tables"));

    MariaDbTables.create(dataSource);
    MariaDbTables.create(dataSource);

    assertThat(objects(dataSource))
        .containsExactly(
            "fenced_idempotency BASE TABLE InnoDB",
            "fenced_locks BASE TABLE InnoDB",
            "fenced_token_seq SEQUENCE InnoDB");
  }

  @Test
  void the_script_is_statements_without_comments() {
    assertThat(MariaDbTables.statements())
        .hasSize(3)
        .allSatisfy(sql -> assertThat(sql).doesNotContain("--").contains("IF NOT EXISTS"));
  }

  private static List<String> objects(DataSource dataSource) throws Exception {
    List<String> objects = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT table_name, table_type, engine FROM information_schema.tables"
                    + " WHERE table_schema = DATABASE() ORDER BY table_name")) {
      while (rows.next()) {
        objects.add(rows.getString(1) + " " + rows.getString(2) + " " + rows.getString(3));
      }
    }
    return objects;
  }
}
