package dev.fenced.store.jpa;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The notifications PostgreSQL sent to one connection, read through pgjdbc's {@code
 * org.postgresql.PGConnection#getNotifications(int)} behind whatever pool wraps the connection
 * ({@link PgjdbcConnection}), by reflection on the interface as the driver itself loaded it.
 */
final class PgNotifications {

  private final Object connection;
  private final Method getNotifications;
  private final Method getParameter;

  private PgNotifications(Object connection, Class<?> pgConnection) throws SQLException {
    this.connection = connection;
    try {
      this.getNotifications = pgConnection.getMethod("getNotifications", int.class);
      this.getParameter =
          getNotifications.getReturnType().getComponentType().getMethod("getParameter");
    } catch (NoSuchMethodException e) {
      throw new SQLException(
          "PostgreSQL store: this pgjdbc has no getNotifications(int); use pgjdbc 42.2 or later",
          e);
    }
  }

  /**
   * The notifications of the pgjdbc connection behind {@code connection}.
   *
   * @throws SQLException when there is none: the datasource is not PostgreSQL's pgjdbc, or its pool
   *     hides the driver's connection
   */
  static PgNotifications of(Connection connection) throws SQLException {
    PgjdbcConnection found;
    try {
      found = PgjdbcConnection.behind(connection);
    } catch (SQLException e) {
      throw new SQLException(
          e.getMessage()
              + ", so it cannot LISTEN for the end of claims; waiting duplicates poll the store"
              + " instead",
          e);
    }
    return new PgNotifications(found.connection(), found.pgConnection());
  }

  /**
   * The payloads of the notifications received so far, after waiting up to {@code timeoutMillis}
   * for the first one.
   */
  List<String> await(int timeoutMillis) throws SQLException {
    Object[] received = (Object[]) invoke(getNotifications, connection, timeoutMillis);
    if (received == null || received.length == 0) {
      return List.of();
    }
    List<String> payloads = new ArrayList<>(received.length);
    for (Object notification : received) {
      payloads.add((String) invoke(getParameter, notification));
    }
    return payloads;
  }

  private static Object invoke(Method method, Object target, Object... arguments)
      throws SQLException {
    try {
      return method.invoke(target, arguments);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw new SQLException("PostgreSQL store: " + method.getName() + " failed", e.getCause());
    } catch (IllegalAccessException e) {
      throw new SQLException("PostgreSQL store: cannot call " + method, e);
    }
  }
}
