package dev.fenced.store.jpa;

import dev.fenced.store.spi.StoreUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * {@link HighWaterMark} on a JDBC connection: the caller's own, or one taken from a JTA datasource
 * for each call (enlisted in the JTA transaction, closed after the statement).
 */
final class JdbcHighWaterMark implements HighWaterMark {

  /** Where the connection comes from. */
  interface ConnectionSource {
    Connection get() throws SQLException;
  }

  private final ConnectionSource source;
  private final boolean closeAfter;

  JdbcHighWaterMark(ConnectionSource source, boolean closeAfter) {
    this.source = source;
    this.closeAfter = closeAfter;
  }

  @Override
  public boolean raise(String raise, String resource, long token, long queryTimeoutMillis) {
    // JDBC numbers its parameters by position: ?1, ?2 become ?, ?
    String sql = raise.replaceAll("\\?\\d+", "?");
    try {
      Connection connection = source.get();
      try {
        return raise(connection, sql, resource, token, queryTimeoutMillis);
      } finally {
        if (closeAfter) {
          connection.close();
        }
      }
    } catch (SQLException e) {
      if (StoreFailures.unreachable(e)) {
        throw new StoreUnavailableException("PostgreSQL fence: admit failed: " + e, e);
      }
      throw new IllegalStateException(
          "PostgreSQL fence: admit failed (does its high-water table exist?): " + e, e);
    }
  }

  private static boolean raise(
      Connection connection, String sql, String resource, long token, long timeout)
      throws SQLException {
    // an auto-committed statement would raise the mark whatever became of the guarded write. A
    // connection of a JTA datasource may say auto-commit until its first statement enlists it
    // (Open Liberty), so then an active JTA transaction counts (a JNDI lookup, only in that case)
    if (connection.getAutoCommit() && !CurrentJtaTransaction.isActive()) {
      throw new IllegalStateException(NO_TRANSACTION);
    }
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setQueryTimeout((int) Math.max(1, (timeout + 999) / 1000));
      statement.setString(1, resource);
      statement.setLong(2, token);
      try (ResultSet rows = statement.executeQuery()) {
        return rows.next();
      }
    }
  }

  @Override
  public void markRollbackOnly() {
    CurrentJtaTransaction.markRollbackOnly();
  }
}
