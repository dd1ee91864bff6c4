package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;

/**
 * For {@link FrozenCallerOnBoundedSessionTest}, run in a process of its own: a store on a
 * datasource only Fenced uses, one physical connection. It makes one call (which bounds the
 * session), prints {@value #READY} and its connection's backend pid, waits for a line on its input,
 * then extends the record of the key it was given, which the test holds locked, and prints what
 * became of it.
 *
 * <p>Arguments: the JDBC URL, the user (or empty), the password (or empty), the query timeout in
 * milliseconds, the key, and {@code bounded} (the store) or {@code unbounded} (the same statement
 * on a plain session, the control).
 */
final class BoundedSessionCaller {

  static final String READY = "ready";

  private BoundedSessionCaller() {}

  public static void main(String[] args) throws Exception {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(args[0]);
    if (!args[1].isEmpty()) {
      config.setUsername(args[1]);
    }
    if (!args[2].isEmpty()) {
      config.setPassword(args[2]);
    }
    config.setMaximumPoolSize(1);
    try (HikariDataSource pool = new HikariDataSource(config)) {
      JpaIdempotencyStore store =
          new JpaIdempotencyStore(
              pool,
              Duration.ofMillis(Long.parseLong(args[3])),
              FencedTables.DEFAULT,
              DataSourceSharing.FENCED_ONLY);
      store.acquire("bounded-warm-up:" + UUID.randomUUID(), "caller", "fp", 60_000);
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement();
          ResultSet pid = statement.executeQuery("SELECT pg_backend_pid()")) {
        pid.next();
        System.out.println(READY + " " + pid.getInt(1));
        System.out.flush();
      }
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      try {
        if (args[5].equals("bounded")) {
          System.out.println("extended " + store.extend(args[4], "caller", 60_000));
        } else {
          try (Connection connection = pool.getConnection();
              Statement statement = connection.createStatement()) {
            statement.execute("SET statement_timeout = 0");
            statement.execute(
                "SELECT 1 FROM fenced_idempotency WHERE key_hash = '"
                    + PostgresStatements.keyHash(args[4])
                    + "' FOR UPDATE");
            System.out.println("locked");
          }
        }
      } catch (RuntimeException e) {
        System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
      }
      System.out.flush();
    }
  }
}
