package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.faults.app.FencedLedger;
import dev.fenced.arquillian.harness.PostgresTckDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The fenced resource's table ({@link FencedLedger}) as the test reads it, in the run's schema of
 * the database behind the servers' {@code FencedDS}: the writes that committed, in the order the
 * resource admitted them ({@code seq} is drawn inside the transaction, after its admission, and the
 * fence orders the transactions of one resource).
 */
final class LedgerEntries {

  /** One committed write. */
  record Entry(long seq, String attempt, String member, long token) {}

  private LedgerEntries() {}

  /** Creates the table, once per run. */
  static void create() {
    execute(
        "CREATE TABLE IF NOT EXISTS "
            + FencedLedger.TABLE
            + " (seq bigserial PRIMARY KEY, attempt text NOT NULL UNIQUE, member text NOT NULL,"
            + " token bigint NOT NULL)");
  }

  /** Every committed write so far, in the resource's order. */
  static List<Entry> read() {
    try (Connection connection = PostgresTckDatabase.prepare().connect();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT seq, attempt, member, token FROM "
                    + FencedLedger.TABLE
                    + " ORDER BY seq")) {
      List<Entry> entries = new ArrayList<>();
      while (rows.next()) {
        entries.add(
            new Entry(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getLong(4)));
      }
      return entries;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read " + FencedLedger.TABLE, e);
    }
  }

  /** The attempt ids of every committed write so far. */
  static Set<String> attempts() {
    return read().stream().map(Entry::attempt).collect(Collectors.toSet());
  }

  private static void execute(String sql) {
    try (Connection connection = PostgresTckDatabase.prepare().connect();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql, e);
    }
  }
}
