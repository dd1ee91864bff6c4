package dev.fenced.store.jpa;

import dev.fenced.DeploymentProblem;
import java.util.Locale;
import java.util.function.Function;

/**
 * Whether the PostgreSQL store's datasource is shared with the application ({@value #KEY}), which
 * decides where the store's server-side bounds are set. Either way PostgreSQL itself ends a store
 * statement that runs past {@code fenced.jpa.query-timeout}, also when the calling JVM is frozen or
 * gone, and every store transaction runs at {@code READ COMMITTED}.
 *
 * <p>Only a store on a datasource reads it; a store on a persistence unit sets its bounds in each
 * call's transaction.
 */
public enum DataSourceSharing {

  /**
   * The default: the application uses the datasource too, so the store leaves the sessions of its
   * connections as it found them. Every call sends its bounds in its own transaction ({@code
   * set_config(..., true)}) before its statement, in the same round trip.
   */
  SHARED("shared"),

  /**
   * Only Fenced uses the datasource: the store sets its bounds once per physical connection, for
   * the connection's whole session ({@code statement_timeout}, {@code
   * default_transaction_isolation}), and remembers which connections it set; each later call on
   * that connection sends its statement alone. A connection the pool hands out with auto-commit off
   * still gets the bounds in each call's transaction (the idle-in-transaction bound is one of
   * them).
   *
   * <p>Not for a datasource the application's own statements, migrations or JTA work use (they
   * would run under the store's query timeout), nor behind a pooler that moves sessions between
   * clients (PgBouncer in transaction mode), where a session's settings do not follow the client.
   */
  FENCED_ONLY("fenced-only");

  /** The config key; its values are {@code shared} (the default) and {@code fenced-only}. */
  public static final String KEY = "fenced.jpa.datasource-sharing";

  private final String value;

  DataSourceSharing(String value) {
    this.value = value;
  }

  /**
   * The value of this choice in {@value #KEY}.
   *
   * @return {@code shared} or {@code fenced-only}
   */
  public String value() {
    return value;
  }

  /**
   * Reads {@value #KEY}; unset or blank is {@link #SHARED}.
   *
   * @param config a config key to its value, or {@code null} when unset
   * @return the sharing configured
   * @throws IllegalArgumentException naming the key ({@code FENCED-D401}) for any other value
   */
  static DataSourceSharing read(Function<String, String> config) {
    String configured = config.apply(KEY);
    if (configured == null || configured.isBlank()) {
      return SHARED;
    }
    String value = configured.strip().toLowerCase(Locale.ROOT);
    for (DataSourceSharing sharing : values()) {
      if (sharing.value.equals(value)) {
        return sharing;
      }
    }
    throw new IllegalArgumentException(
        DeploymentProblem.STORE_SETTING_INVALID.format(
            KEY,
            configured,
            "shared (the application uses the datasource too, the default) or fenced-only (only"
                + " Fenced uses it)"));
  }
}
