package dev.fenced.store.jpa;

import dev.fenced.DeploymentProblem;
import dev.fenced.store.support.DurationSetting;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * How long the store lets PostgreSQL work on one statement, how long prune leaves a lock row alone
 * after it expired, and where the store's tables are.
 *
 * @param queryTimeoutMillis {@value #QUERY_TIMEOUT}: every store statement runs with this {@code
 *     statement_timeout} ({@code SET LOCAL}, this transaction only); past it PostgreSQL cancels the
 *     statement (SQLSTATE 57014) and the call throws {@code StoreUnavailableException}
 * @param lockPruneGraceMillis prune deletes a lock row only this long after it expired or was
 *     released; longer than any store statement can run on any instance (whatever query timeout
 *     each is configured with), so an acquire that drew its fencing token before it waited can
 *     never insert that token after a newer one of its key was pruned
 * @param tables the schema and prefix of the store's objects ({@value FencedTables#SCHEMA}, {@value
 *     FencedTables#TABLE_PREFIX})
 */
record StoreSettings(long queryTimeoutMillis, long lockPruneGraceMillis, FencedTables tables) {

  /** The config key of the query timeout. */
  static final String QUERY_TIMEOUT = "fenced.jpa.query-timeout";

  /** The default query timeout: 5 seconds. */
  static final long DEFAULT_QUERY_TIMEOUT_MILLIS = 5_000;

  /**
   * How long a store transaction may sit idle between its statements and its commit: 1 second.
   * PostgreSQL ends the session of one idle longer ({@code SET LOCAL
   * idle_in_transaction_session_timeout}), which rolls it back and unlocks its row. Without it an
   * instance frozen (or partitioned) after its statement and before its {@code COMMIT} would keep
   * the row locked, and no other instance could take over a lease that expired on the store's clock
   * until that instance thawed. In a store call the gap is a few Java statements; a call that
   * overruns it fails closed ({@code StoreUnavailableException}).
   */
  static final long IDLE_IN_TRANSACTION_TIMEOUT_MILLIS = 1_000;

  /** The longest query timeout accepted: 10 minutes. */
  static final long MAX_QUERY_TIMEOUT_MILLIS = 600_000;

  /**
   * The lock prune grace: twice the longest query timeout any instance may have, plus a minute for
   * clock adjustments; 21 minutes.
   */
  static final long LOCK_PRUNE_GRACE_MILLIS = 2 * MAX_QUERY_TIMEOUT_MILLIS + 60_000;

  /** The defaults: 5 s per statement, locks pruned 21 minutes after they ended. */
  static final StoreSettings DEFAULTS = of(DEFAULT_QUERY_TIMEOUT_MILLIS);

  StoreSettings {
    Objects.requireNonNull(tables, "tables");
    if (queryTimeoutMillis < 1 || queryTimeoutMillis > MAX_QUERY_TIMEOUT_MILLIS) {
      throw new IllegalArgumentException(
          QUERY_TIMEOUT
              + " must be from 1 ms to "
              + MAX_QUERY_TIMEOUT_MILLIS / 60_000
              + " minutes, got "
              + queryTimeoutMillis
              + " ms");
    }
    if (lockPruneGraceMillis <= queryTimeoutMillis) {
      throw new IllegalArgumentException(
          "the lock prune grace must exceed the query timeout, got "
              + lockPruneGraceMillis
              + " ms for "
              + queryTimeoutMillis
              + " ms");
    }
  }

  /** Settings on the default tables ({@link FencedTables#DEFAULT}). */
  StoreSettings(long queryTimeoutMillis, long lockPruneGraceMillis) {
    this(queryTimeoutMillis, lockPruneGraceMillis, FencedTables.DEFAULT);
  }

  /** These settings on other tables. */
  StoreSettings withTables(FencedTables other) {
    return new StoreSettings(queryTimeoutMillis, lockPruneGraceMillis, other);
  }

  /**
   * The settings for a query timeout, with the lock prune grace {@link #LOCK_PRUNE_GRACE_MILLIS}.
   */
  static StoreSettings of(long queryTimeoutMillis) {
    return new StoreSettings(queryTimeoutMillis, LOCK_PRUNE_GRACE_MILLIS);
  }

  /** The settings for a query timeout given as a {@link Duration}. */
  static StoreSettings of(Duration queryTimeout) {
    return of(queryTimeout.toMillis());
  }

  /**
   * Reads {@value #QUERY_TIMEOUT} ({@code "5000"}, {@code "5000ms"}, {@code "5s"} or {@code "1m"}),
   * {@value FencedTables#TABLE_PREFIX} and {@value FencedTables#SCHEMA}; a blank value is unset.
   *
   * @param config a config key to its value, or {@code null} when unset
   * @throws IllegalArgumentException naming the key of an invalid value
   */
  static StoreSettings read(Function<String, String> config) {
    FencedTables tables =
        set(config, FencedTables.TABLE_PREFIX)
            .map(FencedTables::withPrefix)
            .orElse(FencedTables.DEFAULT);
    Optional<String> schema = set(config, FencedTables.SCHEMA);
    if (schema.isPresent()) {
      tables = tables.inSchema(schema.get());
    }
    return queryTimeout(config).withTables(tables);
  }

  private static Optional<String> set(Function<String, String> config, String key) {
    return Optional.ofNullable(config.apply(key)).map(String::strip).filter(v -> !v.isEmpty());
  }

  private static StoreSettings queryTimeout(Function<String, String> config) {
    String value = config.apply(QUERY_TIMEOUT);
    if (value == null || value.isBlank()) {
      return DEFAULTS;
    }
    Duration timeout =
        DurationSetting.read(value, Duration.ofMillis(MAX_QUERY_TIMEOUT_MILLIS))
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        DeploymentProblem.STORE_SETTING_INVALID.format(
                            QUERY_TIMEOUT,
                            value,
                            "a duration from 1 ms to 10 minutes " + DurationSetting.EXAMPLES)));
    return of(timeout.toMillis());
  }
}
