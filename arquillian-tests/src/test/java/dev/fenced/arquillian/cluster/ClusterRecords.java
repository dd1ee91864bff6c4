package dev.fenced.arquillian.cluster;

import dev.fenced.arquillian.cluster.app.RecordTables;
import dev.fenced.testservers.PostgresServer;
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
public final class ClusterRecords {

  /**
   * One run of the timer job.
   *
   * @param second the scheduled second (epoch seconds)
   * @param member the member that ran it
   * @param token the run lock's fencing token
   * @param startedAtMillis when the run started (epoch milliseconds)
   */
  public record Tick(long second, String member, long token, long startedAtMillis) {}

  /**
   * A leadership change.
   *
   * @param member the member
   * @param event {@code acquired} or {@code lost:<reason>}
   * @param token the lease's fencing token (0 for a loss)
   * @param atMillis when (epoch milliseconds)
   */
  public record LeadershipChange(String member, String event, long token, long atMillis) {}

  /**
   * The side effect of one payment.
   *
   * @param key the idempotency key
   * @param member the member that ran it
   */
  public record Payment(String key, String member) {}

  /**
   * An event of one run of a guarded method (the fault suite's slow payment or writer job).
   *
   * @param key the idempotency key or job name
   * @param member the member running it
   * @param event {@code started}, {@code finished} or {@code interrupted}
   * @param atMillis when (epoch milliseconds)
   */
  public record RunEvent(String key, String member, String event, long atMillis) {}

  /**
   * A lock a member lost while holding it ({@code LockLost}).
   *
   * @param member the member
   * @param key the lock key
   * @param token the lost acquisition's token
   * @param detectedBy {@code RENEWAL} or {@code DEADLINE}
   * @param atMillis when (epoch milliseconds)
   */
  public record Loss(String member, String key, long token, String detectedBy, long atMillis) {}

  /**
   * An attempt to write to the fenced resource, recorded after its transaction ended.
   *
   * @param attempt its id, which the resource's entry carries when it was written
   * @param member the writer
   * @param token its fencing token
   * @param outcome {@code admitted}, {@code refused} or {@code failed} ({@link RecordTables})
   * @param atMillis when it started (epoch milliseconds)
   */
  public record Write(String attempt, String member, long token, String outcome, long atMillis) {

    /** Whether the resource admitted it and it committed. */
    public boolean accepted() {
      return outcome.equals(RecordTables.ADMITTED);
    }

    /** Whether the resource refused its token. */
    public boolean refused() {
      return outcome.equals(RecordTables.REFUSED);
    }
  }

  private static final Logger LOG = Logger.getLogger(ClusterRecords.class.getName());
  private static final String TABLES =
      """
      CREATE TABLE ticks (second bigint NOT NULL, member text NOT NULL, token bigint NOT NULL,
                          started_at_ms bigint NOT NULL);
      CREATE TABLE leadership (member text NOT NULL, event text NOT NULL, token bigint NOT NULL,
                               at_ms bigint NOT NULL);
      CREATE TABLE payments (idempotency_key text NOT NULL, member text NOT NULL,
                             at_ms bigint NOT NULL);
      CREATE TABLE runs (seq bigserial PRIMARY KEY, run_key text NOT NULL, member text NOT NULL,
                         event text NOT NULL, at_ms bigint NOT NULL);
      CREATE TABLE losses (member text NOT NULL, lock_key text NOT NULL, token bigint NOT NULL,
                           detected_by text NOT NULL, at_ms bigint NOT NULL);
      CREATE TABLE writes (seq bigserial PRIMARY KEY, attempt text NOT NULL, member text NOT NULL,
                           token bigint NOT NULL, outcome text NOT NULL, at_ms bigint NOT NULL);
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
  public static synchronized ClusterRecords get() {
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
  public List<Tick> ticks() {
    return query(
        "SELECT second, member, token, started_at_ms FROM ticks ORDER BY second, started_at_ms",
        row -> new Tick(row.getLong(1), row.getString(2), row.getLong(3), row.getLong(4)));
  }

  /**
   * Every leadership change so far.
   *
   * @return the changes, oldest first
   */
  public List<LeadershipChange> leadership() {
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
  public List<Payment> payments() {
    return query(
        "SELECT idempotency_key, member FROM payments ORDER BY at_ms",
        row -> new Payment(row.getString(1), row.getString(2)));
  }

  /**
   * Every run event so far.
   *
   * @return the events, in the order they were written
   */
  public List<RunEvent> runs() {
    return query(
        "SELECT run_key, member, event, at_ms FROM runs ORDER BY seq",
        row -> new RunEvent(row.getString(1), row.getString(2), row.getString(3), row.getLong(4)));
  }

  /**
   * Every lock loss so far.
   *
   * @return the losses, oldest first
   */
  public List<Loss> losses() {
    return query(
        "SELECT member, lock_key, token, detected_by, at_ms FROM losses ORDER BY at_ms",
        row ->
            new Loss(
                row.getString(1),
                row.getString(2),
                row.getLong(3),
                row.getString(4),
                row.getLong(5)));
  }

  /**
   * Every attempt to write to the fenced resource so far.
   *
   * @return the attempts, in the order they ended
   */
  public List<Write> writes() {
    return query(
        "SELECT attempt, member, token, outcome, at_ms FROM writes ORDER BY seq",
        row ->
            new Write(
                row.getString(1),
                row.getString(2),
                row.getLong(3),
                row.getString(4),
                row.getLong(5)));
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
