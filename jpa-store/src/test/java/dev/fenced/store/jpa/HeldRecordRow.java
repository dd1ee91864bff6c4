package dev.fenced.store.jpa;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A record's row locked by a transaction of the test's own ({@code SELECT ... FOR UPDATE}), as a
 * stalled caller would hold it: every store statement that writes the row waits until it ends.
 */
final class HeldRecordRow {

  private HeldRecordRow() {}

  /**
   * Locks the row of {@code key} in {@code connection}'s transaction, which the caller ends.
   *
   * @param connection a connection with auto-commit off
   * @param key the record key
   */
  static void hold(Connection connection, String key) throws SQLException {
    try (PreparedStatement lock =
        connection.prepareStatement(
            "SELECT 1 FROM fenced_idempotency WHERE key_hash = ? FOR UPDATE")) {
      lock.setString(1, PostgresStatements.keyHash(key));
      lock.executeQuery().close();
    }
  }
}
