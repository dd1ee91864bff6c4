package dev.fenced.store.jpa;

import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The readiness of the PostgreSQL store: one statement, within the query timeout, that finds the
 * database the persistence unit reaches and whether each object the store's statements use is
 * there: in the configured schema, or on the unit's search path. Not ready when PostgreSQL does not
 * answer, or when an object is missing; the reason names them, and the detail {@value #DDL} holds
 * the script that creates them for the configured prefix and schema.
 */
final class SchemaReadiness {

  /** The detail holding the DDL of the missing objects' script. */
  static final String DDL = "ddl";

  private SchemaReadiness() {}

  /**
   * The objects the statements use, as {@code to_regclass} finds them, in the statement's order.
   */
  static List<String> objects(FencedTables tables) {
    return List.of(
        "table " + tables.idempotency(),
        "column " + tables.idempotency() + ".committed_until",
        "column " + tables.idempotency() + ".claimed_at",
        "column " + tables.idempotency() + ".awaited",
        "table " + tables.locks(),
        "sequence " + tables.tokenSequence(),
        "table " + tables.highWater());
  }

  /** current_database(), current_schema(), then 1 or 0 for each of {@link #objects}. */
  static String statement(FencedTables tables) {
    return "SELECT current_database(), coalesce(current_schema(), ''),"
        + present(exists(tables.idempotency()))
        + ","
        + present(column(tables, "committed_until"))
        + ","
        + present(column(tables, "claimed_at"))
        + ","
        + present(column(tables, "awaited"))
        + ","
        + present(exists(tables.locks()))
        + ","
        + present(exists(tables.tokenSequence()))
        + ","
        + present(exists(tables.highWater()));
  }

  private static String column(FencedTables tables, String column) {
    return "EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('"
        + tables.idempotency()
        + "') AND attname = '"
        + column
        + "' AND NOT attisdropped)";
  }

  /**
   * Checks the database behind {@code calls}, for the tables of its settings.
   *
   * @param calls the store's calls, bounded by its query timeout
   * @return ready with the database and schema, or not ready with what is missing or failed
   */
  static Readiness check(Calls calls) {
    FencedTables tables = calls.settings().tables();
    Object[] row;
    try {
      row = calls.rows("check readiness", statement(tables)).get(0);
    } catch (StoreUnavailableException e) {
      return Readiness.unavailable(
          "PostgreSQL did not answer within " + StoreSettings.QUERY_TIMEOUT + ": " + e.getMessage(),
          Map.of());
    }
    String database = Columns.text(row[0]);
    String schema = tables.schema().orElse(Columns.text(row[1]));
    Map<String, String> details = new LinkedHashMap<>();
    details.put("database", database);
    details.put("schema", schema);
    details.put("table-prefix", tables.prefix());
    List<String> objects = objects(tables);
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < objects.size(); i++) {
      if (Columns.number(row[i + 2]) == 0) {
        missing.add(objects.get(i));
      }
    }
    if (missing.isEmpty()) {
      return Readiness.ready(details);
    }
    details.put(DDL, tables.ddl());
    return Readiness.notSetUp(
        "missing in database "
            + database
            + " ("
            + (tables.schema().isPresent()
                ? FencedTables.SCHEMA + " " + schema
                : "schema " + (schema.isEmpty() ? "none on the search path" : schema))
            + "): "
            + String.join(", ", missing)
            + "; create them with the DDL in the detail \""
            + DDL
            + "\" (every statement in it can be run again)"
            + (tables.equals(FencedTables.DEFAULT)
                ? ", which is " + FencedTables.SCRIPT + " from fenced-jpa-store"
                : "")
            + "; recipes for Flyway and Liquibase: docs/guide/database.md",
        details);
  }

  private static String exists(String name) {
    return "to_regclass('" + name + "') IS NOT NULL";
  }

  private static String present(String condition) {
    return " CASE WHEN " + condition + " THEN 1 ELSE 0 END";
  }
}
