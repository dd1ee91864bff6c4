package dev.fenced.example.bookshelf;

import dev.fenced.testservers.FaultProxy;
import dev.fenced.testservers.PostgresServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;

/**
 * The PostgreSQL the smoke test's demo runs on, behind a {@link FaultProxy} that the tests cut and
 * restore: a process of its own, which the build spawns before it starts WildFly and stops after
 * the tests ({@code examples/bookshelf/pom.xml}, {@code start-demo-database}).
 *
 * <p>{@code main(folder, proxyPort, minutes)}: takes {@link PostgresServer#get()} ({@code
 * FENCED_TEST_POSTGRES_URL}, else the embedded binaries), gives the demo a fresh schema {@value
 * #SCHEMA}, listens on {@code proxyPort}, and writes into {@code folder} the server's system
 * properties ({@value #SERVER_PROPERTIES}: the stores {@code jpa}, the datasource through the
 * proxy), then {@value #READY}. From then on it reads the file {@value #MODE} every 100 ms: {@code
 * reset} (PostgreSQL unreachable: every connection refused), {@code black-hole} (connections
 * accepted, nothing answered, as in a partition), {@code forward}, {@code stop}. It stops by itself
 * after {@code minutes} in any case. When it cannot start, it writes {@value #FAILED} with the
 * reason.
 */
public final class DemoDatabase {

  /** The demo's schema, dropped and created afresh at each start. */
  public static final String SCHEMA = "bookshelf_smoke";

  /** The file the server reads its system properties from ({@code --properties}). */
  public static final String SERVER_PROPERTIES = "server.properties";

  /** Written once the proxy listens. */
  public static final String READY = "ready";

  /** Written instead of {@value #READY} when the database could not be set up. */
  public static final String FAILED = "failed";

  /** The command file: {@code reset}, {@code black-hole}, {@code forward} or {@code stop}. */
  public static final String MODE = "mode";

  private DemoDatabase() {}

  /**
   * Runs the proxy until told to stop or until the time is up.
   *
   * @param args the folder, the proxy's port, the most minutes to run
   * @throws Exception when the folder cannot be written
   */
  public static void main(String[] args) throws Exception {
    Path folder = Path.of(args[0]);
    int proxyPort = Integer.parseInt(args[1]);
    long deadline = System.nanoTime() + Duration.ofMinutes(Long.parseLong(args[2])).toNanos();
    Files.createDirectories(folder);
    FaultProxy proxy;
    try {
      proxy = open(folder, proxyPort);
    } catch (Exception e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      Files.writeString(folder.resolve(FAILED), trace.toString(), StandardCharsets.UTF_8);
      System.exit(1);
      return;
    }
    try (proxy) {
      Files.writeString(folder.resolve(READY), "127.0.0.1:" + proxy.port(), StandardCharsets.UTF_8);
      String applied = "forward";
      while (System.nanoTime() < deadline) {
        String mode = read(folder.resolve(MODE));
        if ("stop".equals(mode)) {
          break;
        }
        if (!mode.isEmpty() && !mode.equals(applied)) {
          switch (mode) {
            case "reset" -> proxy.reset();
            case "black-hole" -> proxy.blackHole();
            case "forward" -> proxy.forward();
            default -> {}
          }
          applied = mode;
        }
        Thread.sleep(100);
      }
    }
    // the embedded PostgreSQL, if any, stops with this JVM
    System.exit(0);
  }

  private static FaultProxy open(Path folder, int proxyPort) throws SQLException, IOException {
    PostgresServer server = PostgresServer.get();
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
      statement.execute("CREATE SCHEMA " + SCHEMA);
    }
    URI target = URI.create(server.jdbcUrl().substring("jdbc:".length()));
    FaultProxy proxy = FaultProxy.start(target.getHost(), target.getPort(), proxyPort);
    Properties properties = new Properties();
    properties.setProperty("fenced.idempotency.store", "jpa");
    properties.setProperty("fenced.locks.store", "jpa");
    properties.setProperty(
        "fenced.datasource.url",
        "jdbc:postgresql://127.0.0.1:"
            + proxy.port()
            + target.getPath()
            + "?currentSchema="
            + SCHEMA);
    properties.setProperty(
        "fenced.datasource.user", server.user() == null ? "postgres" : server.user());
    properties.setProperty(
        "fenced.datasource.password", server.password() == null ? "postgres" : server.password());
    try (var out = Files.newBufferedWriter(folder.resolve(SERVER_PROPERTIES))) {
      properties.store(out, "the Bookshelf smoke test's server: the demo on PostgreSQL, by proxy");
    }
    return proxy;
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : "";
  }
}
