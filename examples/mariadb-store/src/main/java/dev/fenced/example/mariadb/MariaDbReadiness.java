package dev.fenced.example.mariadb;

import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreUnavailableException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The readiness of the MariaDB store, in one statement bounded like every other: MariaDB answers,
 * is 10.5 or later (the acquire statements use {@code INSERT ... RETURNING}), and holds the store's
 * tables and sequence in the connection's database.
 */
final class MariaDbReadiness {

  private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\..*");
  private static final List<String> OBJECTS =
      List.of(MariaDbTables.IDEMPOTENCY, MariaDbTables.LOCKS, MariaDbTables.TOKENS);

  private MariaDbReadiness() {}

  /**
   * Checks the database behind {@code calls}; never throws.
   *
   * @param calls the store's calls
   * @return ready, unavailable or not set up
   */
  static Readiness check(JdbcCalls calls) {
    String[] found;
    try {
      found =
          calls.call(
              "readiness",
              connection -> {
                try (PreparedStatement statement =
                    connection.prepareStatement(MariaDbSql.READINESS)) {
                  statement.setQueryTimeout(calls.timeoutSeconds());
                  try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    return new String[] {row.getString(1), row.getString(2), row.getString(3)};
                  }
                }
              });
    } catch (StoreUnavailableException e) {
      return Readiness.unavailable(e.getMessage(), Map.of());
    } catch (RuntimeException e) {
      return Readiness.unavailable("MariaDB store: readiness failed: " + e, Map.of());
    }
    return judge(found[0], found[1], found[2]);
  }

  /**
   * Judges what the readiness statement found.
   *
   * @param version {@code VERSION()}
   * @param database {@code DATABASE()}, {@code null} when the URL names none
   * @param present the store's objects in it, comma-separated, or {@code null}
   * @return the readiness
   */
  static Readiness judge(String version, String database, String present) {
    Map<String, String> details =
        Map.of("version", version, "database", database == null ? "(none)" : database);
    if (!supported(version)) {
      return Readiness.notSetUp(
          "MariaDB store: the server is "
              + version
              + "; the store needs MariaDB 10.5 or later (INSERT ... RETURNING, sequences)",
          details);
    }
    List<String> missing = new ArrayList<>(OBJECTS);
    if (present != null) {
      missing.removeAll(Arrays.asList(present.split(",")));
    }
    if (database == null || !missing.isEmpty()) {
      return Readiness.notSetUp(
          "MariaDB store: the database "
              + (database == null ? "(the URL names none)" : database)
              + " lacks "
              + String.join(", ", missing)
              + ": run "
              + MariaDbTables.SCRIPT
              + " from the store's jar, or MariaDbTables.create(dataSource)",
          details);
    }
    return Readiness.ready(details);
  }

  private static boolean supported(String version) {
    Matcher m = VERSION.matcher(version);
    if (!version.contains("MariaDB") || !m.matches()) {
      return false;
    }
    int major = Integer.parseInt(m.group(1));
    int minor = Integer.parseInt(m.group(2));
    return major > 10 || (major == 10 && minor >= 5);
  }
}
