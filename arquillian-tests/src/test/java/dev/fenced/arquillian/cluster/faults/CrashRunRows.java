package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.faults.app.CrashRuns;
import dev.fenced.arquillian.harness.PostgresTckDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The crash-after-commit scenario's business table ({@link CrashRuns}) as the test reads it, in the
 * run's schema of the database behind the servers' {@code FencedDS}: the runs of a key that
 * committed.
 */
final class CrashRunRows {

  /** One committed run. */
  record Row(String member, long atMillis) {}

  private CrashRunRows() {}

  /** Creates the table, once per run. */
  static void create() {
    String sql =
        "CREATE TABLE IF NOT EXISTS "
            + CrashRuns.TABLE
            + " (kind text NOT NULL, key text NOT NULL, member text NOT NULL,"
            + " at_millis bigint NOT NULL)";
    try (Connection connection = PostgresTckDatabase.prepare().connect();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql, e);
    }
  }

  /**
   * The committed runs of one key, in the order they ran.
   *
   * @param kind the kind of call
   * @param key its idempotency key
   * @return the runs
   */
  static List<Row> of(CallKind kind, String key) {
    try (Connection connection = PostgresTckDatabase.prepare().connect();
        PreparedStatement select =
            connection.prepareStatement(
                "SELECT member, at_millis FROM "
                    + CrashRuns.TABLE
                    + " WHERE kind = ? AND key = ? ORDER BY at_millis")) {
      select.setString(1, kind.id());
      select.setString(2, key);
      List<Row> rows = new ArrayList<>();
      try (ResultSet result = select.executeQuery()) {
        while (result.next()) {
          rows.add(new Row(result.getString(1), result.getLong(2)));
        }
      }
      return rows;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read " + CrashRuns.TABLE, e);
    }
  }
}
