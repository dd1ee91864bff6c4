package dev.fenced.store.jpa;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Properties;

/**
 * For {@link FrozenWithWorkCallerTest}, run in a process of its own: a with-work caller that has
 * written its outcome in its transaction (the record's row is locked by it) and then stops before
 * its {@code COMMIT}. It connects with the {@code options} it is given, as a datasource would,
 * prints {@value #HOLDING} once the row is held, and then waits for the test to freeze it.
 *
 * <p>Arguments: the JDBC URL, the user (or empty), the password (or empty), the connection's {@code
 * options} (or empty), the record's key hash.
 */
final class FrozenWithWorkHolder {

  static final String HOLDING = "holding";

  private FrozenWithWorkHolder() {}

  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    if (!args[1].isEmpty()) {
      properties.setProperty("user", args[1]);
    }
    if (!args[2].isEmpty()) {
      properties.setProperty("password", args[2]);
    }
    if (!args[3].isEmpty()) {
      properties.setProperty("options", args[3]);
    }
    Connection connection = DriverManager.getConnection(args[0], properties);
    connection.setAutoCommit(false);
    try (PreparedStatement outcome =
        connection.prepareStatement(
            "UPDATE fenced_idempotency SET payload = 'charged' WHERE key_hash = ?")) {
      outcome.setString(1, args[4]);
      outcome.executeUpdate();
    }
    System.out.println(HOLDING);
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
