package dev.fenced.store.jpa;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The pgjdbc connection behind whatever pool wraps a {@link Connection}: the physical connection,
 * and pgjdbc's {@code org.postgresql.PGConnection} interface as the driver itself loaded it.
 *
 * <p>Found by name, not by class: in a server the driver is the server's (a WildFly module, an Open
 * Liberty library), which the application's class loader usually cannot see, and a copy of the
 * driver in the application would be another class that the pool's {@code unwrap} refuses. So the
 * interface is looked for first through {@link Connection#unwrap} with the class as the store's own
 * loaders or the driver's loader see it (Java SE, a shared library, Open Liberty), then on the
 * object a pool's wrapper hands out from {@code getUnderlyingConnection()} (WildFly's IronJacamar).
 *
 * @param connection the driver's connection
 * @param pgConnection the interface {@value #PG_CONNECTION} it implements
 */
record PgjdbcConnection(Object connection, Class<?> pgConnection) {

  static final String PG_CONNECTION = "org.postgresql.PGConnection";

  private static final int MAX_WRAPPERS = 4;

  /**
   * The pgjdbc connection behind {@code connection}.
   *
   * @throws SQLException when there is none: the datasource is not PostgreSQL's pgjdbc, or its pool
   *     hides the driver's connection
   */
  static PgjdbcConnection behind(Connection connection) throws SQLException {
    PgjdbcConnection found = throughUnwrap(connection, ownLoaders());
    if (found == null) {
      found = throughUnwrap(connection, driverLoader(connection));
    }
    if (found != null) {
      return found;
    }
    PgjdbcConnection unwrapped = underlying(connection);
    if (unwrapped != null) {
      return unwrapped;
    }
    throw new SQLException(
        "PostgreSQL store: the datasource's connection ("
            + connection.getClass().getName()
            + ") is not a pgjdbc connection, nor a pool's wrapper of one");
  }

  /**
   * The pgjdbc connection behind {@code connection} when the driver's interface is already known:
   * without the look-up's query, cheap enough for every call.
   *
   * @return it, or null when {@code connection} does not lead to one this way
   */
  static PgjdbcConnection behind(Connection connection, Class<?> pgConnection) {
    if (wraps(connection, pgConnection)) {
      try {
        return new PgjdbcConnection(connection.unwrap(pgConnection), pgConnection);
      } catch (SQLException | RuntimeException refused) {
        return null;
      }
    }
    return underlying(connection);
  }

  /**
   * Down the chain of {@code getUnderlyingConnection()} to an object implementing the interface.
   */
  private static PgjdbcConnection underlying(Connection connection) {
    Object current = connection;
    for (int depth = 0; depth <= MAX_WRAPPERS && current != null; depth++) {
      Class<?> pgConnection = implemented(current.getClass());
      if (pgConnection != null) {
        return new PgjdbcConnection(current, pgConnection);
      }
      current = unwrapped(current);
    }
    return null;
  }

  private static PgjdbcConnection throughUnwrap(Connection connection, Set<ClassLoader> loaders)
      throws SQLException {
    for (ClassLoader loader : loaders) {
      Class<?> pgConnection = visible(loader);
      if (pgConnection != null && wraps(connection, pgConnection)) {
        return new PgjdbcConnection(connection.unwrap(pgConnection), pgConnection);
      }
    }
    return null;
  }

  /** The store's loader and the thread's. */
  private static Set<ClassLoader> ownLoaders() {
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    loaders.add(PgjdbcConnection.class.getClassLoader());
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      loaders.add(context);
    }
    return loaders;
  }

  /**
   * The driver's own loader: the loader of an object the driver made, a {@code json} value ({@code
   * org.postgresql.util.PGobject}), which no pool wraps.
   */
  private static Set<ClassLoader> driverLoader(Connection connection) {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT CAST('{}' AS json)")) {
      Object value = row.next() ? row.getObject(1) : null;
      if (value != null && value.getClass().getClassLoader() != null) {
        return Set.of(value.getClass().getClassLoader());
      }
    } catch (SQLException | RuntimeException notTheDriver) {
      // the chain of wrappers may still lead to it
    }
    return Set.of();
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
  private static Object unwrapped(Object wrapper) {
    try {
      Method method = wrapper.getClass().getMethod("getUnderlyingConnection");
      return method.invoke(wrapper);
    } catch (ReflectiveOperationException | RuntimeException notAWrapper) {
      return null;
    }
  }
}
