package dev.fenced.store.jpa;

import dev.fenced.idempotency.spi.StoreUnavailableException;
import dev.fenced.store.spi.Readiness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The readiness of the PostgreSQL store: one statement, within the query timeout, that finds the
 * database the persistence unit reaches and whether each object the store's statements use is
 * there, on the unit's search path. Not ready when PostgreSQL does not answer, or when an object is
 * missing; the reason names them and the script that creates them.
 */
final class SchemaReadiness {

  /** The script that creates every object below, in this module's jar. */
  static final String SCRIPT = "META-INF/fenced/postgresql/V1__fenced_tables.sql";

  /**
   * The objects the statements use, as {@code to_regclass} finds them, in the statement's order.
   */
  private static final List<String> OBJECTS =
      List.of(
          "table fenced_idempotency",
          "column fenced_idempotency.committed_until",
          "column fenced_idempotency.claimed_at",
          "table fenced_locks",
          "sequence fenced_lock_token_seq",
          "table fenced_high_water");

  /** current_database(), current_schema(), then 1 or 0 for each of {@link #OBJECTS}. */
  static final String STATEMENT =
      "SELECT current_database(), coalesce(current_schema(), ''),"
          + present("to_regclass('fenced_idempotency') IS NOT NULL")
          + ","
          + present(
              "EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('fenced_idempotency')"
                  + " AND attname = 'committed_until' AND NOT attisdropped)")
          + ","
          + present(
              "EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('fenced_idempotency')"
                  + " AND attname = 'claimed_at' AND NOT attisdropped)")
          + ","
          + present("to_regclass('fenced_locks') IS NOT NULL")
          + ","
          + present("to_regclass('fenced_lock_token_seq') IS NOT NULL")
          + ","
          + present("to_regclass('fenced_high_water') IS NOT NULL");

  private SchemaReadiness() {}

  /**
   * Checks the database behind {@code calls}.
   *
   * @param calls the store's calls, bounded by its query timeout
   * @return ready with the database and schema, or not ready with what is missing or failed
   */
  static Readiness check(Calls calls) {
    Object[] row;
    try {
      row =
          Columns.row(
              calls.run("check readiness", em -> Calls.query(em, STATEMENT).getSingleResult()));
    } catch (StoreUnavailableException e) {
      return Readiness.notReady(
          "PostgreSQL did not answer within " + StoreSettings.QUERY_TIMEOUT + ": " + e.getMessage(),
          Map.of());
    }
    String database = Columns.text(row[0]);
    String schema = Columns.text(row[1]);
    Map<String, String> details = Map.of("database", database, "schema", schema);
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < OBJECTS.size(); i++) {
      if (Columns.number(row[i + 2]) == 0) {
        missing.add(OBJECTS.get(i));
      }
    }
    if (missing.isEmpty()) {
      return Readiness.ready(details);
    }
    return Readiness.notReady(
        "missing in database "
            + database
            + " (schema "
            + (schema.isEmpty() ? "none on the search path" : schema)
            + "): "
            + String.join(", ", missing)
            + "; run "
            + SCRIPT
            + " from fenced-jpa-store there (every statement in it can be run again)",
        details);
  }

  private static String present(String condition) {
    return " CASE WHEN " + condition + " THEN 1 ELSE 0 END";
  }
}
