package dev.fenced.example.mariadb;

import dev.fenced.store.spi.StoreUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * One store call on a connection of the store's own (the pool of {@link MariaDbStore#open}, or a
 * {@link DataSource} given to it): the statement runs with autocommit (or is committed here when
 * the connection has it off), so it commits before the call returns and never joins a transaction
 * of the caller. Every statement is bounded on the server by {@code max_statement_time}; one that
 * InnoDB chose as a deadlock victim (rolled back whole) runs again; any other {@link SQLException}
 * (no connection within the pool's wait, a connect or read timeout, a statement timeout, a server
 * error) becomes a {@link StoreUnavailableException}, so the caller fails closed.
 */
final class JdbcCalls {

  /** How often a statement runs when InnoDB keeps choosing it as a deadlock victim. */
  static final int DEADLOCK_ATTEMPTS = 3;

  /** One statement's work on a connection. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private final Connections connections;
  private final String bound;
  private final int timeoutSeconds;

  /**
   * Calls on {@code connections}, each statement bounded by {@code statementTimeout}.
   *
   * @param connections where connections come from; never a container's JTA datasource
   * @param statementTimeout how long MariaDB lets one statement run, from 1 ms to {@value
   *     MariaDbSettings#MAX_TIMEOUT_MILLIS} ms
   */
  JdbcCalls(Connections connections, Duration statementTimeout) {
    this.connections = Objects.requireNonNull(connections, "connections");
    long millis = statementTimeout.toMillis();
    if (millis < 1 || millis > MariaDbSettings.MAX_TIMEOUT_MILLIS) {
      throw new IllegalArgumentException(
          "MariaDB store: the statement timeout must be from 1 to "
              + MariaDbSettings.MAX_TIMEOUT_MILLIS
              + " ms, was "
              + statementTimeout.toMillis()
              + " ms");
    }
    this.bound =
        String.format(
            Locale.ROOT,
            "SET STATEMENT time_zone='+00:00', max_statement_time=%d.%03d FOR ",
            millis / 1000,
            millis % 1000);
    this.timeoutSeconds = (int) Math.max(1, (millis + 999) / 1000);
  }

  /**
   * The statement as sent: bounded by the server.
   *
   * @param statement one statement of {@link MariaDbSql}
   * @return it, prefixed with {@code SET STATEMENT time_zone='+00:00', max_statement_time=... FOR}:
   *     {@code SYSDATE} in UTC ({@link MariaDbSql#NOW}), and the statement ended by the server
   *     after the timeout
   */
  String bounded(String statement) {
    return bound + statement;
  }

  /**
   * The timeout in whole seconds, at least 1, for a statement that cannot carry {@code SET
   * STATEMENT} ({@link java.sql.Statement#setQueryTimeout}): one that must also run on a server
   * that is not MariaDB.
   *
   * @return the statement timeout, rounded up
   */
  int timeoutSeconds() {
    return timeoutSeconds;
  }

  /**
   * Runs {@code work} and commits it.
   *
   * @param what the store method, for the message of a failure
   * @param work one statement
   * @return what the work returned
   * @throws StoreUnavailableException when MariaDB cannot be reached or refuses the statement
   */
  <T> T call(String what, Work<T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return once(work);
      } catch (SQLException e) {
        if (deadlock(e) && attempt < DEADLOCK_ATTEMPTS) {
          continue;
        }
        throw new StoreUnavailableException(
            "MariaDB store: " + what + " failed: " + e.getMessage(), e);
      }
    }
  }

  /**
   * Runs one {@code UPDATE} of {@link MariaDbSql} with its parameters, bounded ({@link #bounded}),
   * and commits it.
   *
   * @param what the store method, for the message of a failure
   * @param statement the statement
   * @param parameters its parameters in order: {@code byte[]} or {@code Long}
   * @return the rows it changed
   * @throws StoreUnavailableException when MariaDB cannot be reached or refuses the statement
   */
  int update(String what, String statement, Object... parameters) {
    return call(
        what,
        connection -> {
          try (PreparedStatement prepared = connection.prepareStatement(bounded(statement))) {
            for (int i = 0; i < parameters.length; i++) {
              if (parameters[i] instanceof byte[] bytes) {
                prepared.setBytes(i + 1, bytes);
              } else {
                prepared.setLong(i + 1, (Long) parameters[i]);
              }
            }
            return prepared.executeUpdate();
          }
        });
  }

  /**
   * Runs {@code work}, several statements, as one transaction on one connection: autocommit off,
   * committed (rolled back on a failure), autocommit restored as it was. For the one store method
   * that no single MariaDB statement can do ({@code UPDATE} has no {@code RETURNING}); a deadlock
   * victim runs again whole, as in {@link #call}.
   *
   * @param what the store method, for the message of a failure
   * @param work the statements
   * @return what the work returned
   * @throws StoreUnavailableException when MariaDB cannot be reached or refuses a statement
   */
  <T> T transaction(String what, Work<T> work) {
    return call(
        what,
        connection -> {
          boolean autoCommit = connection.getAutoCommit();
          if (autoCommit) {
            connection.setAutoCommit(false);
          }
          try {
            T result = work.run(connection);
            connection.commit();
            return result;
          } catch (SQLException | RuntimeException e) {
            rollback(connection, e);
            throw e;
          } finally {
            if (autoCommit) {
              connection.setAutoCommit(true);
            }
          }
        });
  }

  private <T> T once(Work<T> work) throws SQLException {
    Connection connection = connections.borrow();
    boolean reusable = false;
    boolean commitHere = false;
    try {
      commitHere = !connection.getAutoCommit();
      T result = work.run(connection);
      if (commitHere) {
        connection.commit();
      }
      reusable = true;
      return result;
    } catch (SQLException | RuntimeException e) {
      if (commitHere) {
        rollback(connection, e);
      }
      reusable = e instanceof SQLException sql && deadlock(sql);
      throw e;
    } finally {
      connections.giveBack(connection, reusable);
    }
  }

  private static void rollback(Connection connection, Exception failure) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      failure.addSuppressed(e);
    }
  }

  /** InnoDB's deadlock (error 1213, SQLSTATE 40001): the statement was rolled back whole. */
  private static boolean deadlock(SQLException e) {
    return e.getErrorCode() == 1213 || "40001".equals(e.getSQLState());
  }
}
