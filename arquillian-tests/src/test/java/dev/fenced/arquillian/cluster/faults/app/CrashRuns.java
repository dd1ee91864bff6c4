package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The business table of the crash-after-commit scenario, {@value #TABLE}: one row per run of a
 * guarded call, written on the server's JTA datasource {@code FencedDS} in the caller's
 * transaction, so the row commits exactly when the call's work commits. The test counts the runs of
 * a key here, in the database.
 */
@ApplicationScoped
public class CrashRuns {

  /** The table: {@code (kind text, key text, member text, at_millis bigint)}. */
  public static final String TABLE = "crash_runs";

  /**
   * The lock ttl of the guarded calls' claims: how long a crashed call's claim keeps its key, so
   * how long the window stays shut to a retry before it opens.
   */
  public static final String LOCK_TTL = "5s";

  @Inject Member member;

  private DataSource datasource;

  @PostConstruct
  void open() {
    datasource = member.datasource();
  }

  /**
   * Records one run, in the caller's transaction.
   *
   * @param kind the kind of guarded call, e.g. {@code ejb}
   * @param key its idempotency key
   * @param member the member running it
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public void insert(String kind, String key, String member) {
    try (Connection connection = datasource.getConnection();
        PreparedStatement insert =
            connection.prepareStatement(
                "INSERT INTO " + TABLE + " (kind, key, member, at_millis) VALUES (?, ?, ?, ?)")) {
      insert.setString(1, kind);
      insert.setString(2, key);
      insert.setString(3, member);
      insert.setLong(4, System.currentTimeMillis());
      insert.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot write to " + TABLE, e);
    }
  }
}
