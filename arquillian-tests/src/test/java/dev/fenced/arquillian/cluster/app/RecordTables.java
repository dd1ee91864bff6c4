package dev.fenced.arquillian.cluster.app;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Writes what this member did into the test's own tables in PostgreSQL ({@code ticks}, {@code
 * leadership}, {@code payments}, and for the fault suite {@code runs}, {@code losses} and {@code
 * writes}; created by the test before it deploys), over plain JDBC with the driver the WAR carries:
 * the same code on every server, whichever store Fenced uses. Each write is one auto-committed
 * statement on a new connection.
 */
@ApplicationScoped
public class RecordTables {

  /** The JDBC URL of the records (with {@code currentSchema}). */
  public static final String URL = "cluster.records.url";

  /** The database user, when the URL does not carry it. */
  public static final String USER = "cluster.records.user";

  /** The database password, when the URL does not carry it. */
  public static final String PASSWORD = "cluster.records.password";

  /** The resource admitted the write and it committed. */
  public static final String ADMITTED = "admitted";

  /** The resource refused the write's token; its transaction rolled back. */
  public static final String REFUSED = "refused";

  /** The write failed otherwise (the store unreachable, the session ended). */
  public static final String FAILED = "failed";

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
   * Records one attempt to write to the fenced resource and its outcome, after its transaction.
   *
   * @param attempt the attempt's id, as the resource's entry carries it
   * @param member the member writing
   * @param token the writer's fencing token
   * @param outcome {@link #ADMITTED}, {@link #REFUSED} or {@link #FAILED}
   * @param atMillis when it started (epoch milliseconds)
   */
  public void write(String attempt, String member, long token, String outcome, long atMillis) {
    write(
        "INSERT INTO writes (attempt, member, token, outcome, at_ms) VALUES (?, ?, ?, ?, ?)",
        attempt,
        member,
        token,
        outcome,
        atMillis);
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
