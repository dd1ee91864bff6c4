package dev.fenced.example.mariadb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * The store's tables and sequence: {@value #IDEMPOTENCY}, {@value #LOCKS} and {@value #TOKENS},
 * created by the script {@value #SCRIPT} in this jar. Every statement of it is idempotent ({@code
 * CREATE ... IF NOT EXISTS}), so it may run at every start, e.g. from a migration tool, with the
 * {@code mariadb} client, or with {@link #create(DataSource)}. The store itself never creates them:
 * its readiness reports them missing.
 */
public final class MariaDbTables {

  /** The script, a resource of this jar. */
  public static final String SCRIPT = "META-INF/fenced/mariadb/fenced_tables.sql";

  /** The table of idempotency records. */
  public static final String IDEMPOTENCY = "fenced_idempotency";

  /** The table of locks. */
  public static final String LOCKS = "fenced_locks";

  /** The sequence of fencing tokens and claims. */
  public static final String TOKENS = MariaDbSql.TOKENS;

  private MariaDbTables() {}

  /**
   * Creates whatever of the tables and the sequence is missing, in the database of {@code
   * dataSource}'s connections. Needs the {@code CREATE} privilege; the store's calls need only
   * {@code SELECT}, {@code INSERT}, {@code UPDATE} and {@code DELETE} on the tables and {@code
   * INSERT} and {@code SELECT} on the sequence.
   *
   * @param dataSource connections to the database to set up
   * @throws SQLException when a statement fails
   */
  public static void create(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      for (String sql : statements()) {
        statement.execute(sql);
      }
      if (!connection.getAutoCommit()) {
        connection.commit();
      }
    }
  }

  /**
   * The statements of {@value #SCRIPT}, without its comments.
   *
   * @return the statements in order
   */
  public static List<String> statements() {
    String script;
    try (InputStream in = MariaDbTables.class.getClassLoader().getResourceAsStream(SCRIPT)) {
      if (in == null) {
        throw new IllegalStateException(SCRIPT + " is missing from the class path");
      }
      script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + SCRIPT, e);
    }
    String withoutComments =
        script
            .lines()
            .filter(line -> !line.stripLeading().startsWith("--"))
            .collect(Collectors.joining("\n"));
    return Arrays.stream(withoutComments.split(";"))
        .map(String::strip)
        .filter(sql -> !sql.isEmpty())
        .toList();
  }
}
