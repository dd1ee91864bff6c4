package dev.fenced.arquillian.cluster;

import dev.fenced.tck.support.PostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * The cluster's records in PostgreSQL, read by the test: what the members' jobs, elections and
 * payments wrote ({@code dev.fenced.arquillian.cluster.app.RecordTables}). The tables live in a
 * schema of this run's own ({@code fenced_cluster_<run>}) on the test PostgreSQL ({@link
 * PostgresServer}), whichever store Fenced uses, and the schema is dropped when the JVM exits.
 */
final class ClusterRecords {

  /**
   * One run of the timer job.
   *
   * @param second the scheduled second (epoch seconds)
   * @param member the member that ran it
   * @param token the run lock's fencing token
   * @param startedAtMillis when the run started (epoch milliseconds)
   */
  record Tick(long second, String member, long token, long startedAtMillis) {}

  /**
   * A leadership change.
   *
   * @param member the member
   * @param event {@code acquired} or {@code lost:<reason>}
   * @param token the lease's fencing token (0 for a loss)
   * @param atMillis when (epoch milliseconds)
   */
  record LeadershipChange(String member, String event, long token, long atMillis) {}

  /**
   * The side effect of one payment.
   *
   * @param key the idempotency key
   * @param member the member that ran it
   */
  record Payment(String key, String member) {}

  private static final Logger LOG = Logger.getLogger(ClusterRecords.class.getName());
  private static final String TABLES =
      """
      CREATE TABLE ticks (second bigint NOT NULL, member text NOT NULL, token bigint NOT NULL,
                          started_at_ms bigint NOT NULL);
      CREATE TABLE leadership (member text NOT NULL, event text NOT NULL, token bigint NOT NULL,
                               at_ms bigint NOT NULL);
      CREATE TABLE payments (idempotency_key text NOT NULL, member text NOT NULL,
                             at_ms bigint NOT NULL);
      """;
  private static ClusterRecords created;

  private final PostgresServer server;
  private final String schema;

  private ClusterRecords(PostgresServer server, String schema) {
    this.server = server;
    this.schema = schema;
  }

  /**
   * The run's records, created on first use: the schema and its empty tables.
   *
   * @return the records
   */
  static synchronized ClusterRecords get() {
    if (created == null) {
      PostgresServer server = PostgresServer.get();
      String schema =
          "fenced_cluster_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
      try (Connection connection = server.connect();
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE SCHEMA " + schema);
        statement.execute("SET search_path TO " + schema);
        statement.execute(TABLES);
      } catch (SQLException e) {
        throw new IllegalStateException("cannot create the cluster records on " + server, e);
      }
      ClusterRecords records = new ClusterRecords(server, schema);
      Runtime.getRuntime()
          .addShutdownHook(new Thread(records::drop, "fenced-cluster-drop-" + schema));
      created = records;
    }
    return created;
  }

  /**
   * The JDBC URL the members write to: the test server's, in the run's schema.
   *
   * @return the URL
   */
  String url() {
    String url = server.jdbcUrl();
    return url + (url.indexOf('?') < 0 ? "?" : "&") + "currentSchema=" + schema;
  }

  /**
   * The user, when the URL does not carry it.
   *
   * @return the user, or {@code null}
   */
  String user() {
    return server.user();
  }

  /**
   * The password, when the URL does not carry it.
   *
   * @return the password, or {@code null}
   */
  String password() {
    return server.password();
  }

  /**
   * Every run of the timer job so far.
   *
   * @return the runs, by scheduled second, then start
   */
  List<Tick> ticks() {
    return query(
        "SELECT second, member, token, started_at_ms FROM ticks ORDER BY second, started_at_ms",
        row -> new Tick(row.getLong(1), row.getString(2), row.getLong(3), row.getLong(4)));
  }

  /**
   * Every leadership change so far.
   *
   * @return the changes, oldest first
   */
  List<LeadershipChange> leadership() {
    return query(
        "SELECT member, event, token, at_ms FROM leadership ORDER BY at_ms",
        row ->
            new LeadershipChange(
                row.getString(1), row.getString(2), row.getLong(3), row.getLong(4)));
  }

  /**
   * Every payment side effect so far.
   *
   * @return the side effects
   */
  List<Payment> payments() {
    return query(
        "SELECT idempotency_key, member FROM payments ORDER BY at_ms",
        row -> new Payment(row.getString(1), row.getString(2)));
  }

  private interface Row<T> {
    T read(ResultSet row) throws SQLException;
  }

  private <T> List<T> query(String sql, Row<T> reader) {
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement()) {
      statement.execute("SET search_path TO " + schema);
      try (ResultSet rows = statement.executeQuery(sql)) {
        List<T> result = new ArrayList<>();
        while (rows.next()) {
          result.add(reader.read(rows));
        }
        return result;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the cluster records: " + sql, e);
    }
  }

  private void drop() {
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    } catch (SQLException | RuntimeException e) {
      LOG.warning(() -> "could not drop the cluster schema " + schema + ": " + e);
    }
  }
}
