package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Databases of the test server that only some tests use, created (with the Fenced tables) on first
 * use when missing, so the tests run on a clean machine and on the embedded server alike.
 */
final class TestDatabases {

  /** The database whose default isolation is REPEATABLE READ. */
  static final String REPEATABLE_READ = "fenced_rr";

  private static final Map<String, String> URLS = new HashMap<>();

  private TestDatabases() {}

  /** The JDBC URL of a database whose default isolation is REPEATABLE READ. */
  static String repeatableRead(PostgresServer server) {
    return url(
        server,
        REPEATABLE_READ,
        "ALTER DATABASE "
            + REPEATABLE_READ
            + " SET default_transaction_isolation = 'repeatable read'");
  }

  /** The JDBC URL of database {@code name}, with default settings. */
  static String url(PostgresServer server, String name) {
    return url(server, name, null);
  }

  private static synchronized String url(PostgresServer server, String name, String alter) {
    String known = URLS.get(name);
    if (known != null) {
      return known;
    }
    try (Connection admin = server.connect();
        Statement statement = admin.createStatement()) {
      // serializes test JVMs on one server: two CREATE DATABASE of one name race
      statement.execute("SELECT pg_advisory_lock(4243)");
      try {
        ResultSet exists =
            statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'");
        if (!exists.next()) {
          statement.execute("CREATE DATABASE " + name);
        }
        if (alter != null) {
          statement.execute(alter);
        }
      } finally {
        statement.execute("SELECT pg_advisory_unlock(4243)");
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot prepare database " + name + " on " + server, e);
    }
    String url = PostgresServerConnections.withDatabase(server, name);
    Schema.apply(server, url);
    URLS.put(name, url);
    return url;
  }
}
