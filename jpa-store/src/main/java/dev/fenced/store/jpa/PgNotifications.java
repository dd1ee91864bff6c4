package dev.fenced.store.jpa;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The notifications PostgreSQL sent to one connection, read through pgjdbc's {@code
 * org.postgresql.PGConnection#getNotifications(int)} behind whatever pool wraps the connection.
 *
 * <p>By reflection, on the interface as the driver itself loaded it: in a server the driver is the
 * server's (a WildFly module, an Open Liberty library), which the application's class loader
 * usually cannot see, and a copy of the driver in the application would be another class that the
 * pool's {@code unwrap} refuses. So the interface is looked for by name: first through {@link
 * Connection#unwrap} with the class as the store's own loaders or the driver's loader see it (Java
 * SE, a shared library, Open Liberty), then on the object a pool's wrapper hands out from {@code
 * getUnderlyingConnection()} (WildFly's IronJacamar).
 */
final class PgNotifications {

  static final String PG_CONNECTION = "org.postgresql.PGConnection";

  private static final int MAX_WRAPPERS = 4;

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
    for (ClassLoader loader : loaders(connection)) {
      Class<?> pgConnection = visible(loader);
      if (pgConnection != null && wraps(connection, pgConnection)) {
        return new PgNotifications(connection.unwrap(pgConnection), pgConnection);
      }
    }
    Object current = connection;
    for (int depth = 0; depth <= MAX_WRAPPERS && current != null; depth++) {
      Class<?> pgConnection = implemented(current.getClass());
      if (pgConnection != null) {
        return new PgNotifications(current, pgConnection);
      }
      current = underlying(current);
    }
    throw new SQLException(
        "PostgreSQL store: the datasource's connection ("
            + connection.getClass().getName()
            + ") is not a pgjdbc connection, nor a pool's wrapper of one, so it cannot LISTEN for"
            + " the end of claims; waiting duplicates poll the store instead");
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

  /**
   * The store's loader, the thread's, and the driver's own: the loader of an object the driver
   * made, a {@code json} value ({@code org.postgresql.util.PGobject}), which no pool wraps.
   */
  private static Set<ClassLoader> loaders(Connection connection) {
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    loaders.add(PgNotifications.class.getClassLoader());
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      loaders.add(context);
    }
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT CAST('{}' AS json)")) {
      Object value = row.next() ? row.getObject(1) : null;
      if (value != null && value.getClass().getClassLoader() != null) {
        loaders.add(value.getClass().getClassLoader());
      }
    } catch (SQLException | RuntimeException notTheDriver) {
      // the other ways may still find it
    }
    return loaders;
  }

  private static boolean wraps(Connection connection, Class<?> pgConnection) {
    try {
      return connection.isWrapperFor(pgConnection);
    } catch (SQLException | RuntimeException refused) {
      return false;
    }
  }

  private static Class<?> visible(ClassLoader loader) {
    try {
      return Class.forName(PG_CONNECTION, false, loader);
    } catch (ClassNotFoundException | LinkageError invisible) {
      return null;
    }
  }

  /** The interface {@value #PG_CONNECTION} among those {@code type} implements, or null. */
  private static Class<?> implemented(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Class<?> implemented : c.getInterfaces()) {
        Class<?> found = named(implemented);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static Class<?> named(Class<?> type) {
    if (type.getName().equals(PG_CONNECTION)) {
      return type;
    }
    for (Class<?> parent : type.getInterfaces()) {
      Class<?> found = named(parent);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** What a pool's wrapper wraps, if it says so the way WildFly's does; else null. */
  private static Object underlying(Object wrapper) {
    try {
      Method method = wrapper.getClass().getMethod("getUnderlyingConnection");
      return method.invoke(wrapper);
    } catch (ReflectiveOperationException | RuntimeException notAWrapper) {
      return null;
    }
  }
}
