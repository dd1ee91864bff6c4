package dev.fenced.store.jpa;

import jakarta.persistence.PersistenceException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * {@link StatementRunner} on a JDBC datasource, in one round trip per call: the settings and the
 * statement go to PostgreSQL as one prepared multi-statement, which PostgreSQL runs as one
 * transaction (an implicit one on an auto-commit connection, where settings made for the
 * transaction still hold for the statement). The driver keeps it prepared on the server after a few
 * uses, and the pool's connection is back in the pool when the call returns.
 *
 * <p>The settings are one {@code SELECT set_config(..., true)} of the query timeout and of {@code
 * idle_in_transaction_session_timeout} ({@link #settings}), not the {@code SET} commands of {@link
 * Calls#prelude}: PostgreSQL runs a {@code SET} command as slowly as a query, so three of them
 * halved the throughput of a replay (BENCHMARKS.md). The same row reports the transaction's
 * isolation level: while it is READ COMMITTED (PostgreSQL's default) nothing pins it; once a call
 * finds another level (a database or role that defaults to REPEATABLE READ or SERIALIZABLE), every
 * later call starts with {@code SET TRANSACTION ISOLATION LEVEL READ COMMITTED}. The call that
 * found it ran in the other level, which no statement of the store depends on: PostgreSQL then
 * reports a concurrent write as a conflict, which {@link Calls} retries.
 *
 * <p>On a datasource only Fenced uses ({@link DataSourceSharing#FENCED_ONLY}) the same bounds are
 * set once per physical connection, for its session ({@link #sessionSettings}, in a transaction of
 * its own, so that no rollback takes them back), and each later call on an auto-commit connection
 * sends its statement alone: the settings statement cost PostgreSQL about a fifth of its work per
 * lock call (BENCHMARKS.md). A physical connection is the driver's connection behind the pool's
 * wrapper ({@link PgjdbcConnection}), remembered weakly; a pool that does not lead to it gets the
 * settings on every call.
 *
 * <p>A connection with auto-commit off gets its {@code COMMIT} (or rollback) from here. A JTA
 * datasource must hand out connections outside any JTA transaction: in a server, {@link Detached}
 * suspends the caller's transaction around each call.
 */
final class DataSourceStatements implements StatementRunner {

  /** Runs a call outside the caller's JTA transaction: suspended in a server, as is in Java SE. */
  interface Detached {

    /** Java SE: there is no JTA transaction to suspend. */
    Detached NONE =
        new Detached() {
          @Override
          public <T> T run(Supplier<T> call) {
            return call.get();
          }
        };

    /**
     * Runs {@code call} with the caller's transaction, if any, suspended.
     *
     * @param call the store call
     * @param <T> its result
     * @return what {@code call} returned
     */
    <T> T run(Supplier<T> call);
  }

  private static final System.Logger LOG = System.getLogger("dev.fenced.store");

  private static final Pattern NUMBERED = Pattern.compile("\\?(\\d+)");

  private static final String READ_COMMITTED = "read committed";

  private static final String PIN_READ_COMMITTED =
      "SET TRANSACTION ISOLATION LEVEL READ COMMITTED; ";

  private final DataSource dataSource;
  private final Detached detached;
  private final String settings;
  private final String sessionSettings;
  private final DataSourceSharing sharing;

  /** pgjdbc's {@code PGConnection} as the driver loaded it, once found. */
  private volatile Class<?> pgConnection;

  /** Set once the pool's connections were found not to lead to pgjdbc's: settings per call. */
  private volatile boolean hidden;

  /** The physical connections whose sessions carry {@link #sessionSettings}, held weakly. */
  private final Set<Object> boundedSessions =
      Collections.newSetFromMap(Collections.synchronizedMap(new WeakHashMap<>()));

  /** Set once a call ran in another isolation level than READ COMMITTED; never cleared. */
  private volatile boolean pinReadCommitted;

  private final int queryTimeoutSeconds;
  private final Map<String, Positional> positional = new ConcurrentHashMap<>();

  DataSourceStatements(DataSource dataSource, Detached detached, StoreSettings settings) {
    this(dataSource, detached, settings, DataSourceSharing.SHARED);
  }

  DataSourceStatements(
      DataSource dataSource, Detached detached, StoreSettings settings, DataSourceSharing sharing) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.detached = Objects.requireNonNull(detached, "detached");
    this.sharing = Objects.requireNonNull(sharing, "sharing");
    this.settings = settings(settings) + "; ";
    this.sessionSettings = sessionSettings(settings);
    // JDBC counts whole seconds: rounded up, for the one statement that cannot take the prelude
    this.queryTimeoutSeconds = (int) Math.max(1, (settings.queryTimeoutMillis() + 999) / 1000);
  }

  @Override
  public List<Object[]> rows(String sql, Object... parameters) {
    return detached.run(
        () ->
            inOwnTransaction(
                sql,
                parameters,
                statement -> {
                  try (ResultSet rows = statement.getResultSet()) {
                    if (rows == null) {
                      throw new PersistenceException("PostgreSQL store: no rows from " + sql);
                    }
                    return read(rows);
                  }
                }));
  }

  @Override
  public int update(String sql, Object... parameters) {
    return detached.run(() -> inOwnTransaction(sql, parameters, PreparedStatement::getUpdateCount));
  }

  @Override
  public int updateInCallersTransaction(String sql, Object... parameters) {
    return inCallersTransaction(sql, parameters, PreparedStatement::executeUpdate);
  }

  @Override
  public List<Object[]> rowsInCallersTransaction(String sql, Object... parameters) {
    return inCallersTransaction(
        sql,
        parameters,
        prepared -> {
          try (ResultSet rows = prepared.executeQuery()) {
            return read(rows);
          }
        });
  }

  private <T> T inCallersTransaction(String sql, Object[] parameters, Reader<T> reader) {
    Positional statement = positional(sql);
    try (Connection connection = dataSource.getConnection()) {
      // an auto-committed statement would commit the outcome whatever became of the caller's work.
      // A JTA datasource's connection may say auto-commit until its first statement enlists it
      // (Open Liberty), so then an active JTA transaction counts
      if (connection.getAutoCommit() && !CurrentJtaTransaction.isActive()) {
        throw new IllegalStateException(
            "recording an outcome with the work (fenced.idempotency.commit=with-work) needs an"
                + " active JTA transaction and a JTA datasource");
      }
      try (PreparedStatement prepared = statement.alone(connection, parameters)) {
        prepared.setQueryTimeout(queryTimeoutSeconds);
        return reader.read(prepared);
      }
    } catch (SQLException e) {
      throw failed(sql, e);
    }
  }

  private interface Reader<T> {
    T read(PreparedStatement statement) throws SQLException;
  }

  private <T> T inOwnTransaction(String sql, Object[] parameters, Reader<T> reader) {
    Positional statement = positional(sql);
    try (Connection connection = dataSource.getConnection()) {
      boolean autoCommit = connection.getAutoCommit();
      if (autoCommit && sessionBounded(connection)) {
        try (PreparedStatement prepared = statement.alone(connection, parameters)) {
          prepared.execute();
          return reader.read(prepared);
        }
      }
      try {
        T result;
        boolean pinned = pinReadCommitted;
        try (PreparedStatement prepared = statement.afterSettings(connection, pinned, parameters)) {
          prepared.execute();
          if (pinned) {
            prepared.getMoreResults(); // past the SET command's result, to the settings' row
          }
          try (ResultSet row = prepared.getResultSet()) {
            if (row.next() && !READ_COMMITTED.equals(row.getString(3))) {
              pinReadCommitted = true;
            }
          }
          prepared.getMoreResults();
          result = reader.read(prepared);
        }
        if (!autoCommit) {
          connection.commit();
        }
        return result;
      } catch (SQLException | RuntimeException e) {
        if (!autoCommit) {
          rollbackQuietly(connection, e);
        }
        throw e;
      }
    } catch (SQLException e) {
      throw failed(sql, e);
    }
  }

  /**
   * Whether the connection's session carries the store's bounds: on a datasource only Fenced uses,
   * after setting them the first time this physical connection is met.
   */
  private boolean sessionBounded(Connection connection) throws SQLException {
    if (sharing == DataSourceSharing.SHARED) {
      return false;
    }
    Object physical = physical(connection);
    if (physical == null) {
      return false;
    }
    if (boundedSessions.contains(physical)) {
      return true;
    }
    // auto-committed on its own: a session setting made in a transaction that rolls back is undone
    try (Statement bounds = connection.createStatement()) {
      bounds.execute(sessionSettings);
    }
    boundedSessions.add(physical);
    return true;
  }

  /** The driver's connection behind the pool's, or null when the pool does not lead to it. */
  private Object physical(Connection connection) {
    if (hidden) {
      return null;
    }
    Class<?> known = pgConnection;
    PgjdbcConnection found = known == null ? null : PgjdbcConnection.behind(connection, known);
    if (found == null) {
      try {
        found = PgjdbcConnection.behind(connection);
        pgConnection = found.pgConnection();
      } catch (SQLException notPgjdbc) {
        hidden("its connections do not lead to pgjdbc's (" + notPgjdbc.getMessage() + ")");
      }
    }
    if (found != null && Proxy.isProxyClass(found.connection().getClass())) {
      // Open Liberty hands out a new proxy of the driver's connection with each of its handles:
      // no two calls would find the same object, and each would set the session's bounds again
      hidden("it hands out a new proxy of the driver's connection with each connection");
      return null;
    }
    return found == null ? null : found.connection();
  }

  /** From now on the bounds go with every call: the pool's connections cannot be told apart. */
  private void hidden(String why) {
    if (!hidden) {
      hidden = true; // the look-up sends a query: not again on every call
      LOG.log(
          System.Logger.Level.INFO,
          "FENCED: "
              + DataSourceSharing.KEY
              + "=fenced-only, but the store cannot tell the datasource's physical connections"
              + " apart: "
              + why
              + ". It sends its bounds with every call, as on a shared datasource.");
    }
  }

  private static List<Object[]> read(ResultSet rows) throws SQLException {
    int columns = rows.getMetaData().getColumnCount();
    List<Object[]> result = new ArrayList<>();
    while (rows.next()) {
      Object[] row = new Object[columns];
      for (int i = 0; i < columns; i++) {
        row[i] = rows.getObject(i + 1);
      }
      result.add(row);
    }
    return result;
  }

  /**
   * The settings of each call's transaction: the query timeout, and PostgreSQL's end of the
   * transaction should it stay idle (only a connection with auto-commit off can: an implicit
   * transaction ends with the round trip); its row's third column is the isolation level.
   */
  static String settings(StoreSettings settings) {
    return "SELECT set_config('statement_timeout', '"
        + settings.queryTimeoutMillis()
        + "', true), set_config('idle_in_transaction_session_timeout', '"
        + StoreSettings.IDLE_IN_TRANSACTION_TIMEOUT_MILLIS
        + "', true), current_setting('transaction_isolation')";
  }

  /**
   * The bounds of a session only Fenced uses: the query timeout of every statement and READ
   * COMMITTED for every transaction. No idle-in-transaction bound: only a connection with
   * auto-commit off can sit idle in a transaction, and such a connection gets {@link #settings} on
   * each call (a JTA transaction's connection must not be ended while the transaction manager
   * completes other resources).
   */
  static String sessionSettings(StoreSettings settings) {
    return "SELECT set_config('statement_timeout', '"
        + settings.queryTimeoutMillis()
        + "', false), set_config('default_transaction_isolation', 'read committed', false)";
  }

  private static void rollbackQuietly(Connection connection, Exception failure) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      failure.addSuppressed(e);
    }
  }

  private static PersistenceException failed(String sql, SQLException e) {
    return new PersistenceException(
        "PostgreSQL store: statement failed (SQLSTATE " + e.getSQLState() + "): " + e, e);
  }

  private Positional positional(String sql) {
    return positional.computeIfAbsent(sql, numbered -> new Positional(numbered, settings));
  }

  /**
   * A statement with numbered parameters ({@code ?1}) in JDBC's positional form ({@code ?}), alone
   * and after the settings, with and without the isolation pin: the texts are built once, not on
   * every call.
   */
  private static final class Positional {
    private final String sql;
    private final String afterSettings;
    private final String afterPinAndSettings;
    private final int[] order;

    Positional(String numbered, String settings) {
      Matcher parameters = NUMBERED.matcher(numbered);
      List<Integer> positions = new ArrayList<>();
      StringBuilder jdbc = new StringBuilder();
      while (parameters.find()) {
        positions.add(Integer.parseInt(parameters.group(1)));
        parameters.appendReplacement(jdbc, "?");
      }
      parameters.appendTail(jdbc);
      this.sql = jdbc.toString();
      this.afterSettings = settings + sql;
      this.afterPinAndSettings = PIN_READ_COMMITTED + afterSettings;
      this.order = positions.stream().mapToInt(Integer::intValue).toArray();
    }

    PreparedStatement alone(Connection connection, Object[] parameters) throws SQLException {
      return prepare(connection, sql, parameters);
    }

    PreparedStatement afterSettings(Connection connection, boolean pinned, Object[] parameters)
        throws SQLException {
      return prepare(connection, pinned ? afterPinAndSettings : afterSettings, parameters);
    }

    private PreparedStatement prepare(Connection connection, String text, Object[] parameters)
        throws SQLException {
      PreparedStatement statement = connection.prepareStatement(text);
      try {
        for (int i = 0; i < order.length; i++) {
          statement.setObject(i + 1, parameters[order[i] - 1]);
        }
        return statement;
      } catch (SQLException | RuntimeException e) {
        statement.close();
        throw e;
      }
    }
  }
}
