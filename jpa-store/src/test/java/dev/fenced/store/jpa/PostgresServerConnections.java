package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
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

  /**
   * {@code server}'s URL for another user: its own {@code user} and {@code password} query
   * parameters, which pgjdbc prefers to any others, are replaced.
   */
  static String asUser(PostgresServer server, String user, String password) {
    String url = server.jdbcUrl();
    int query = url.indexOf('?');
    StringBuilder kept = new StringBuilder(query < 0 ? url : url.substring(0, query));
    char separator = '?';
    if (query >= 0) {
      for (String parameter : url.substring(query + 1).split("&")) {
        if (!parameter.isEmpty()
            && !parameter.startsWith("user=")
            && !parameter.startsWith("password=")) {
          kept.append(separator).append(parameter);
          separator = '&';
        }
      }
    }
    return kept.append(separator)
        .append("user=")
        .append(user)
        .append("&password=")
        .append(password)
        .toString();
  }

  /** {@code url} with one more query parameter. */
  static String with(String url, String parameter) {
    return url + (url.contains("?") ? "&" : "?") + parameter;
  }
}
