package dev.fenced.store.jpa;

import dev.fenced.tck.support.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** JDBC connections to another database of a test server. */
final class PostgresServerConnections {

  private PostgresServerConnections() {}

  static Connection connect(PostgresServer server, String jdbcUrl) throws SQLException {
    Properties properties = new Properties();
    if (server.user() != null) {
      properties.setProperty("user", server.user());
    }
    if (server.password() != null) {
      properties.setProperty("password", server.password());
    }
    return DriverManager.getConnection(jdbcUrl, properties);
  }

  /** {@code server}'s URL with another database name. */
  static String withDatabase(PostgresServer server, String database) {
    String url = server.jdbcUrl();
    int hosts = url.indexOf("//") + 2;
    int slash = url.indexOf('/', hosts);
    int query = url.indexOf('?', hosts);
    String rest = query < 0 ? "" : url.substring(query);
    String prefix =
        slash < 0 || (query >= 0 && slash > query)
            ? url.substring(0, query < 0 ? url.length() : query)
            : url.substring(0, slash);
    return prefix + "/" + database + rest;
  }
}
