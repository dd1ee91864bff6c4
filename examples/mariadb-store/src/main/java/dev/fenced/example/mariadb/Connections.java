package dev.fenced.example.mariadb;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Where a store call gets its connection and where it gives it back. */
interface Connections {

  /**
   * A connection for one call.
   *
   * @return a connection the caller gives back with {@link #giveBack}
   * @throws SQLException when none can be had in time
   */
  Connection borrow() throws SQLException;

  /**
   * Ends the caller's use of {@code connection}.
   *
   * @param connection a connection of {@link #borrow()}
   * @param reusable whether it is fit for the next call (no connection failure, no open
   *     transaction)
   */
  void giveBack(Connection connection, boolean reusable);

  /**
   * The connections of a datasource of the store's own: {@link #giveBack} closes them (a pooling
   * datasource takes them back).
   *
   * @param dataSource the datasource
   * @return its connections
   */
  static Connections of(DataSource dataSource) {
    return new Connections() {
      @Override
      public Connection borrow() throws SQLException {
        return dataSource.getConnection();
      }

      @Override
      public void giveBack(Connection connection, boolean reusable) {
        try {
          connection.close();
        } catch (SQLException e) {
          // closing is all that was left to do
        }
      }
    };
  }

  /**
   * The connections of a HikariCP pool: {@link #giveBack} returns a reusable one to the pool and
   * evicts one that failed, so no later call gets it.
   *
   * @param pool the pool
   * @return its connections
   */
  static Connections of(HikariDataSource pool) {
    return new Connections() {
      @Override
      public Connection borrow() throws SQLException {
        return pool.getConnection();
      }

      @Override
      public void giveBack(Connection connection, boolean reusable) {
        if (!reusable) {
          pool.evictConnection(connection);
          return;
        }
        try {
          connection.close();
        } catch (SQLException e) {
          // the pool has it back, or has dropped it
        }
      }
    };
  }
}
