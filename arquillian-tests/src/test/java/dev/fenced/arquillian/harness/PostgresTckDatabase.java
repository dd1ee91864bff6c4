package dev.fenced.arquillian.harness;

import dev.fenced.testservers.PostgresServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Logger;

/**
 * The PostgreSQL database of the {@code jpa} TCK run, set up once per test JVM before Arquillian
 * starts the server ({@link TckStoresSessionListener}).
 *
 * <p>The server is {@link PostgresServer#get()}: {@code FENCED_TEST_POSTGRES_URL}, else
 * Testcontainers, else the embedded binaries (started in this JVM, so they live as long as the
 * run). The run gets a schema of its own ({@code fenced_tck_<run>}): the shipped DDL ({@value
 * #DDL}) is applied there with JDBC, the datasource reaches it through {@code currentSchema} in its
 * URL, and the schema is dropped when the JVM exits. So runs on one database never see each other's
 * locks.
 *
 * <p>Both servers' datasources ({@code server-configs/wildfly/fenced-postgresql.cli}, {@code
 * server-configs/liberty/fenced-postgresql.xml}) read their URL, user and password from the system
 * properties {@value #URL}, {@value #USER}, {@value #PASSWORD}, which {@code arquillian.xml} passes
 * to the server from this JVM's properties set here.
 */
public final class PostgresTckDatabase {

  static final String DDL = "META-INF/fenced/postgresql/fenced_tables.sql";
  static final String URL = "fenced.datasource.url";
  static final String USER = "fenced.datasource.user";
  static final String PASSWORD = "fenced.datasource.password";

  private static final Logger LOG = Logger.getLogger(PostgresTckDatabase.class.getName());
  private static PostgresTckDatabase prepared;

  private final PostgresServer server;
  private final String schema;

  private PostgresTckDatabase(PostgresServer server, String schema) {
    this.server = server;
    this.schema = schema;
  }

  /**
   * Sets the database up once per JVM: schema, tables, the datasource's system properties.
   *
   * @return the database
   */
  public static synchronized PostgresTckDatabase prepare() {
    if (prepared == null) {
      PostgresServer server = PostgresServer.get();
      String schema = "fenced_tck_" + TckStores.RUN;
      try (Connection connection = server.connect();
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
        statement.execute("SET search_path TO " + schema);
        statement.execute(ddl());
      } catch (SQLException e) {
        throw new IllegalStateException("cannot apply " + DDL + " on " + server, e);
      }
      PostgresTckDatabase database = new PostgresTckDatabase(server, schema);
      // arquillian.xml puts these into its text before parsing it: escape them for XML
      System.setProperty(URL, xml(database.datasourceUrl()));
      System.setProperty(USER, xml(server.user() == null ? "postgres" : server.user()));
      if (server.password() != null) {
        System.setProperty(PASSWORD, xml(server.password()));
      }
      Runtime.getRuntime().addShutdownHook(new Thread(database::drop, "fenced-tck-drop-" + schema));
      LOG.info(() -> "Fenced TCK with store=jpa on " + server + ", schema " + schema);
      prepared = database;
    }
    return prepared;
  }

  /**
   * Whether {@link #prepare()} has run in this JVM.
   *
   * @return {@code true} once the datasource's properties are set
   */
  static synchronized boolean isPrepared() {
    return prepared != null;
  }

  /** The run's schema. */
  String schema() {
    return schema;
  }

  /**
   * A JDBC connection whose search path is the run's schema.
   *
   * @return a new connection; the caller closes it
   * @throws SQLException when the server cannot be reached
   */
  public Connection connect() throws SQLException {
    Connection connection = server.connect();
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET search_path TO " + schema);
    }
    return connection;
  }

  private String datasourceUrl() {
    String url = server.jdbcUrl();
    return url + (url.indexOf('?') < 0 ? "?" : "&") + "currentSchema=" + schema;
  }

  private void drop() {
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    } catch (SQLException | RuntimeException e) {
      LOG.warning(() -> "could not drop the TCK schema " + schema + ": " + e);
    }
  }

  private static String xml(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static String ddl() {
    try (InputStream in = PostgresTckDatabase.class.getClassLoader().getResourceAsStream(DDL)) {
      if (in == null) {
        throw new IllegalStateException(DDL + " is not on the class path (fenced-jpa-store)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + DDL, e);
    }
  }
}
