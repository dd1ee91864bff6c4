package dev.fenced.store.jpa;

import dev.fenced.store.spi.StoreUnavailableException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Tells a database that cannot be reached from a statement that failed: the first becomes {@link
 * StoreUnavailableException} (the engines then fail closed), the second propagates unchanged. A
 * transient conflict (serialization failure, deadlock, lock timeout) is told apart for {@link
 * Calls} to retry.
 */
final class StoreFailures {

  /** SQLSTATE 40001: a primary raises it for a write only above READ COMMITTED. */
  static final String SERIALIZATION_FAILURE = "40001";

  private StoreFailures() {}

  /**
   * The exception to throw for {@code failure}.
   *
   * @param what the store call, for the message
   * @param failure what the JPA provider, the pool or the driver threw
   * @return a {@link StoreUnavailableException}, or {@code failure} itself
   */
  static RuntimeException translate(String what, RuntimeException failure) {
    if (failure instanceof StoreUnavailableException) {
      return failure;
    }
    return unreachable(failure)
        ? new StoreUnavailableException(
            "PostgreSQL store: " + what + " failed: " + failure, failure)
        : failure;
  }

  /**
   * Whether any cause is a conflict a retry of the same statement may not meet again: SQLSTATE
   * 40001 (serialization failure), 40P01 (deadlock), 55P03 (lock not available, {@code
   * lock_timeout}). The store's statements are single atomic statements, so running one again is
   * safe.
   */
  static boolean transientConflict(Throwable failure) {
    return state(failure) != null;
  }

  /** The SQLSTATE of the first transient conflict among the causes, or {@code null}. */
  static String state(Throwable failure) {
    Map<Throwable, Boolean> seen = new IdentityHashMap<>();
    for (Throwable t = failure; t != null && seen.put(t, true) == null; t = next(t)) {
      if (t instanceof SQLException sql) {
        String state = sql.getSQLState();
        if (SERIALIZATION_FAILURE.equals(state) || "40P01".equals(state) || "55P03".equals(state)) {
          return state;
        }
      }
    }
    return null;
  }

  /** Whether any cause says the connection, the pool or the server is unavailable. */
  static boolean unreachable(Throwable failure) {
    Map<Throwable, Boolean> seen = new IdentityHashMap<>();
    for (Throwable t = failure; t != null && seen.put(t, true) == null; t = next(t)) {
      if (t instanceof SQLTransientConnectionException
          || t instanceof SQLNonTransientConnectionException
          || t instanceof SQLRecoverableException
          || t instanceof SQLTimeoutException
          || t instanceof java.net.ConnectException
          || t instanceof java.net.SocketTimeoutException) {
        return true;
      }
      if (t instanceof SQLException sql && unavailableState(sql.getSQLState())) {
        return true;
      }
      if (connectorFailure(t)) {
        return true;
      }
    }
    return false;
  }

  /**
   * SQLSTATE class 08 (connection exception), 53 (insufficient resources, e.g. too many
   * connections), 57P01-57P03 (server shutting down, cannot connect now), 57014 (statement
   * timeout).
   */
  private static boolean unavailableState(String state) {
    return state != null
        && (state.startsWith("08")
            || state.startsWith("53")
            || state.startsWith("57P0")
            || state.equals("57014"));
  }

  /**
   * A Jakarta Connectors {@code ResourceException}: how a server's pool says it has no connection
   * (WildFly: IJ000453 / IJ000655 after {@code blocking-timeout-wait-millis}), wrapped in an {@code
   * SQLException} without a state. By name: the Connectors API is not on every class path.
   */
  private static boolean connectorFailure(Throwable t) {
    for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
      if (c.getName().equals("jakarta.resource.ResourceException")) {
        return true;
      }
    }
    return false;
  }

  private static Throwable next(Throwable t) {
    if (t instanceof SQLException sql && sql.getNextException() != null && t.getCause() == null) {
      return sql.getNextException();
    }
    return t.getCause();
  }
}
