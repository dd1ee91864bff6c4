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
 * leadership}, {@code payments}; created by the test before it deploys), over plain JDBC with the
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
