package dev.fenced.arquillian.cluster.app;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Writes what this member did into the test's own tables in PostgreSQL ({@code ticks}, {@code
 * leadership}, {@code payments}, and for the fault suite {@code runs}, {@code losses}, {@code
 * writes} and {@code high_water}; created by the test before it deploys), over plain JDBC with the
 * driver the WAR carries: the same code on every server, whichever store Fenced uses. Each write is
 * one auto-committed statement on a new connection.
 */
@ApplicationScoped
public class RecordTables {

  /** The JDBC URL of the records (with {@code currentSchema}). */
  public static final String URL = "cluster.records.url";

  /** The database user, when the URL does not carry it. */
  public static final String USER = "cluster.records.user";

  /** The database password, when the URL does not carry it. */
  public static final String PASSWORD = "cluster.records.password";

  @Inject
  @ConfigProperty(name = URL)
  String url;

  @Inject
  @ConfigProperty(name = USER)
  Optional<String> user;

  @Inject
  @ConfigProperty(name = PASSWORD)
  Optional<String> password;

  private PGSimpleDataSource database;

  @PostConstruct
  void open() {
    database = new PGSimpleDataSource();
    database.setURL(url);
    user.ifPresent(database::setUser);
    password.ifPresent(database::setPassword);
  }

  /**
   * Records one run of the timer job.
   *
   * @param second the scheduled second (epoch seconds)
   * @param member the member that ran it
   * @param token the run's fencing token
   * @param startedAtMillis when the run started (epoch milliseconds)
   */
  public void tick(long second, String member, long token, long startedAtMillis) {
    write(
        "INSERT INTO ticks (second, member, token, started_at_ms) VALUES (?, ?, ?, ?)",
        second,
        member,
        token,
        startedAtMillis);
  }

  /**
   * Records a leadership change of this member.
   *
   * @param member the member
   * @param event {@code acquired} or {@code lost:<reason>}
   * @param token the lease's fencing token, or 0 for a loss
   * @param atMillis when (epoch milliseconds)
   */
  public void leadership(String member, String event, long token, long atMillis) {
    write(
        "INSERT INTO leadership (member, event, token, at_ms) VALUES (?, ?, ?, ?)",
        member,
        event,
        token,
        atMillis);
  }

  /**
   * Records the side effect of one payment.
   *
   * @param key the request's idempotency key
   * @param member the member that ran it
   * @param atMillis when (epoch milliseconds)
   */
  public void payment(String key, String member, long atMillis) {
    write(
        "INSERT INTO payments (idempotency_key, member, at_ms) VALUES (?, ?, ?)",
        key,
        member,
        atMillis);
  }

  /**
   * Records an event of one run of a guarded method.
   *
   * @param key the idempotency key or job name
   * @param member the member running it
   * @param event {@code started}, {@code finished} or {@code interrupted}
   * @param atMillis when (epoch milliseconds)
   */
  public void run(String key, String member, String event, long atMillis) {
    write(
        "INSERT INTO runs (run_key, member, event, at_ms) VALUES (?, ?, ?, ?)",
        key,
        member,
        event,
        atMillis);
  }

  /**
   * Records a lock this member lost while holding it.
   *
   * @param member the member
   * @param key the lock key
   * @param token the lost acquisition's fencing token
   * @param detectedBy how the loss was noticed
   * @param atMillis when (epoch milliseconds)
   */
  public void loss(String member, String key, long token, String detectedBy, long atMillis) {
    write(
        "INSERT INTO losses (member, lock_key, token, detected_by, at_ms) VALUES (?, ?, ?, ?, ?)",
        member,
        key,
        token,
        detectedBy,
        atMillis);
  }

  /**
   * Writes to the fenced resource: accepted only when {@code token} is not below the highest token
   * the resource has seen (its high-water mark, raised by this write). One auto-committed statement
   * raises the mark and records the attempt, so a writer frozen mid-write holds no row lock, and
   * the attempts' order is the order the resource saw them in.
   *
   * @param member the member writing
   * @param token the writer's fencing token
   * @param atMillis when (epoch milliseconds)
   * @return whether the resource accepted the write
   */
  public boolean fencedWrite(String member, long token, long atMillis) {
    String sql =
        "WITH mark AS (INSERT INTO high_water (resource, token) VALUES ('resource', ?)"
            + " ON CONFLICT (resource) DO UPDATE SET token = excluded.token"
            + " WHERE high_water.token <= excluded.token RETURNING token)"
            + " INSERT INTO writes (member, token, accepted, at_ms)"
            + " SELECT ?, ?, EXISTS (SELECT 1 FROM mark), ? RETURNING accepted";
    try (Connection connection = database.getConnection();
        PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setLong(1, token);
      statement.setString(2, member);
      statement.setLong(3, token);
      statement.setLong(4, atMillis);
      try (ResultSet rows = statement.executeQuery()) {
        rows.next();
        return rows.getBoolean(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot write to the fenced resource", e);
    }
  }

  private void write(String sql, Object... values) {
    try (Connection connection = database.getConnection();
        PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        statement.setObject(i + 1, values[i]);
      }
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot write the cluster record: " + sql, e);
    }
  }
}
