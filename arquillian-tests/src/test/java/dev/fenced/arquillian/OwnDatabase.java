package dev.fenced.arquillian;

import dev.fenced.store.jpa.FencedTables;
import dev.fenced.testservers.PostgresServer;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * A database of its own on the TCK's PostgreSQL ({@link PostgresServer#get()}), with the store's
 * tables in {@code public} ({@link FencedTables#ddl()}), dropped when the JVM exits. Only the
 * clients a test points at it connect to it (and autovacuum, when the server runs it), so the
 * server's count of the transactions committed in it, {@code pg_stat_database.xact_commit}, is
 * theirs; it is read from another database, whose transactions it does not count.
 *
 * <p>A backend reports its counts when a transaction ends at least a second after its last report,
 * else once it has been idle for {@link #REPORT_DELAY} (PostgreSQL 15's {@code
 * PGSTAT_IDLE_INTERVAL}, 10 s): {@link #settledCommits} waits that long after the clients' last
 * statement, then until the count stands still.
 */
final class OwnDatabase {

  /** The longest a backend keeps its counts after its last transaction, and a second more. */
  static final Duration REPORT_DELAY = Duration.ofSeconds(11);

  /** How long the count must stand still after {@link #REPORT_DELAY}. */
  private static final Duration STILL = Duration.ofSeconds(1);

  /** The longest {@link #settledCommits} waits beyond {@link #REPORT_DELAY}. */
  private static final Duration SETTLE_LIMIT = Duration.ofSeconds(15);

  private static final Logger LOG = Logger.getLogger(OwnDatabase.class.getName());

  private final PostgresServer server;
  private final URI address;
  private final String name;

  private OwnDatabase(PostgresServer server, URI address, String name) {
    this.server = server;
    this.address = address;
    this.name = name;
  }

  /**
   * Creates a database named {@code prefix} and a random suffix, with the store's tables.
   *
   * @param prefix the start of its name, lower case
   * @return the database
   */
  static OwnDatabase create(String prefix) {
    PostgresServer server = PostgresServer.get();
    URI address = URI.create(server.jdbcUrl().substring("jdbc:".length()));
    String name = prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    OwnDatabase database = new OwnDatabase(server, address, name);
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create the database " + name + " on " + server, e);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(database::drop, "fenced-drop-" + name));
    try (Connection connection = database.connect();
        Statement statement = connection.createStatement()) {
      statement.execute(FencedTables.DEFAULT.ddl());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create the store's tables in " + name, e);
    }
    return database;
  }

  /** Its name. */
  String name() {
    return name;
  }

  /** The server's host, as the TCK's URL names it. */
  String host() {
    return address.getHost();
  }

  /** The server's port. */
  int port() {
    return address.getPort() < 0 ? 5432 : address.getPort();
  }

  /** Its JDBC URL, without user and password. */
  String jdbcUrl() {
    return "jdbc:postgresql://" + host() + ":" + port() + "/" + name;
  }

  /** The user the TCK connects as. */
  String user() {
    return server.user() == null ? "postgres" : server.user();
  }

  /** The user's password, or {@code postgres} when the TCK's URL gives none (trust). */
  String password() {
    return server.password() == null ? "postgres" : server.password();
  }

  /** Whether the server runs autovacuum, whose workers commit transactions here too. */
  boolean autovacuum() {
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SHOW autovacuum")) {
      result.next();
      return "on".equals(result.getString(1));
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read autovacuum on " + server, e);
    }
  }

  /**
   * Whether an idle backend reports its counts by itself (PostgreSQL 15 and later). Before 15, a
   * backend that reported less than half a second earlier keeps the counts of its last transactions
   * until its next transaction or its exit, so {@link #settledCommits} may miss them.
   */
  boolean reportsWhenIdle() {
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SHOW server_version_num")) {
      result.next();
      return Integer.parseInt(result.getString(1)) >= 150000;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the version of " + server, e);
    }
  }

  /**
   * The transactions committed here, as the server counts them once every backend has reported what
   * it did until {@code lastStatement}.
   *
   * @param lastStatement {@link System#nanoTime()} when the clients' last statement had ended
   * @return {@code pg_stat_database.xact_commit} of this database, standing still
   * @throws IllegalStateException when it does not stand still within the limit
   */
  long settledCommits(long lastStatement) throws InterruptedException {
    long earliest = lastStatement + REPORT_DELAY.toNanos();
    long limit = earliest + SETTLE_LIMIT.toNanos();
    try (Connection connection = server.connect();
        PreparedStatement read =
            connection.prepareStatement(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = ?")) {
      read.setString(1, name);
      long count = commits(read);
      long since = System.nanoTime();
      while (true) {
        Thread.sleep(250);
        long now = System.nanoTime();
        long next = commits(read);
        if (next != count) {
          count = next;
          since = now;
        } else if (now - earliest >= 0 && now - since >= STILL.toNanos()) {
          return count;
        }
        if (now - limit > 0) {
          throw new IllegalStateException(
              "xact_commit of " + name + " kept changing " + SETTLE_LIMIT + " past the delay");
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read pg_stat_database on " + server, e);
    }
  }

  /**
   * Runs a statement in this database, e.g. to create a table of the test's own.
   *
   * @param sql the statement
   */
  void execute(String sql) {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql + " in " + name, e);
    }
  }

  /** A connection to this database; the caller closes it. */
  Connection connect() throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", user());
    if (server.password() != null) {
      properties.setProperty("password", server.password());
    }
    return DriverManager.getConnection(jdbcUrl(), properties);
  }

  /** Each read its own transaction: the server's statistics snapshot lasts one. */
  private static long commits(PreparedStatement read) throws SQLException {
    try (ResultSet result = read.executeQuery()) {
      return result.next() ? result.getLong(1) : 0;
    }
  }

  private void drop() {
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (SQLException | RuntimeException e) {
      LOG.warning(() -> "could not drop the database " + name + ": " + e);
    }
  }
}
