package dev.fenced.store.jpa;

import dev.fenced.locks.Fence;
import dev.fenced.locks.StaleFencingTokenException;
import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.time.Duration;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * {@link Fence} on PostgreSQL: the high-water mark of each resource is a row of {@code
 * fenced_high_water} ({@link FencedTables#SCRIPT}; another prefix or schema with {@link
 * #withTables}), raised by one statement in the caller's own transaction, on the caller's own
 * connection:
 *
 * <pre>{@code
 * INSERT INTO fenced_high_water AS t (resource, token, admitted_at) VALUES (?, ?, clock_timestamp())
 * ON CONFLICT (resource) DO UPDATE SET token = EXCLUDED.token, admitted_at = EXCLUDED.admitted_at
 * WHERE t.token <= EXCLUDED.token RETURNING token
 * }</pre>
 *
 * <p>A row back admits the write. None means a higher token was admitted: the transaction is marked
 * for rollback where this class can reach it (a JTA transaction, a resource-local {@code
 * EntityTransaction}) and {@link StaleFencingTokenException} is thrown; on a plain JDBC connection
 * the caller rolls back. The statement locks the resource's row until the caller's transaction
 * ends, so writers of one resource are ordered by their tokens; it waits for another writer's
 * transaction at most the query timeout (default 5 s), then fails with {@link
 * StoreUnavailableException} and PostgreSQL aborts the transaction.
 *
 * <p>Usage, with the application's own persistence context:
 *
 * <pre>{@code
 * @PersistenceContext EntityManager em;
 * @Inject LocksContext run;
 *
 * @Schedule(minute = "*", hour = "*") @OnOneInstance
 * public void export() {                      // an EJB method: a JTA transaction
 *   PostgresFence.on(em).admit("ledger", run); // the run's token; stale: rolls back
 *   em.persist(new LedgerEntry(...));
 * }
 * }</pre>
 */
public final class PostgresFence implements Fence {

  /** The longest resource name: 255 characters. */
  public static final int MAX_RESOURCE_LENGTH = 255;

  private final HighWaterMark mark;
  private final long queryTimeoutMillis;
  private final FencedTables tables;
  private final String raise;

  private PostgresFence(HighWaterMark mark, long queryTimeoutMillis, FencedTables tables) {
    this.mark = mark;
    this.queryTimeoutMillis = queryTimeoutMillis;
    this.tables = tables;
    this.raise = new PostgresStatements(tables).raiseHighWater;
  }

  /**
   * A fence on the application's entity manager: its statement joins the entity manager's
   * transaction (JTA or resource-local), which must be active.
   *
   * @param entityManager the entity manager that makes the guarded writes
   * @return the fence
   */
  public static PostgresFence on(EntityManager entityManager) {
    return new PostgresFence(
        new EntityManagerHighWaterMark(Objects.requireNonNull(entityManager, "entityManager")),
        StoreSettings.DEFAULT_QUERY_TIMEOUT_MILLIS,
        FencedTables.DEFAULT);
  }

  /**
   * A fence on a JTA datasource: each admission takes a connection from it, enlisted in the current
   * JTA transaction, which must be active.
   *
   * @param dataSource a JTA datasource on the database of the guarded writes
   * @return the fence
   */
  public static PostgresFence on(DataSource dataSource) {
    Objects.requireNonNull(dataSource, "dataSource");
    return new PostgresFence(
        new JdbcHighWaterMark(dataSource::getConnection, true),
        StoreSettings.DEFAULT_QUERY_TIMEOUT_MILLIS,
        FencedTables.DEFAULT);
  }

  /**
   * A fence on a JDBC connection with auto-commit off, or on a connection of a JTA datasource
   * inside an active JTA transaction: its statement runs in that connection's transaction. After a
   * {@link StaleFencingTokenException} outside JTA the caller rolls it back.
   *
   * @param connection the connection that makes the guarded writes
   * @return the fence
   */
  public static PostgresFence on(Connection connection) {
    Objects.requireNonNull(connection, "connection");
    return new PostgresFence(
        new JdbcHighWaterMark(() -> connection, false),
        StoreSettings.DEFAULT_QUERY_TIMEOUT_MILLIS,
        FencedTables.DEFAULT);
  }

  /**
   * This fence with another bound on waiting for another writer of the resource.
   *
   * @param queryTimeout 1 ms to 10 minutes (JDBC counts whole seconds: rounded up)
   * @return a new fence
   */
  public PostgresFence withQueryTimeout(Duration queryTimeout) {
    return new PostgresFence(mark, StoreSettings.of(queryTimeout).queryTimeoutMillis(), tables);
  }

  /**
   * This fence on the high-water table of another prefix or schema: the one the stores of the same
   * service use ({@value FencedTables#TABLE_PREFIX}, {@value FencedTables#SCHEMA}).
   *
   * @param other where the table {@code <prefix>high_water} is
   * @return a new fence
   */
  public PostgresFence withTables(FencedTables other) {
    return new PostgresFence(mark, queryTimeoutMillis, Objects.requireNonNull(other, "tables"));
  }

  @Override
  public void admit(String resource, long fencingToken) {
    resource(resource);
    if (fencingToken < 1) {
      throw new IllegalArgumentException("fencingToken must be positive, got " + fencingToken);
    }
    if (!mark.raise(raise, resource, fencingToken, queryTimeoutMillis)) {
      mark.markRollbackOnly();
      throw new StaleFencingTokenException(resource, fencingToken);
    }
  }

  private static void resource(String resource) {
    Calls.text("resource", resource);
    if (resource.isEmpty() || resource.length() > MAX_RESOURCE_LENGTH) {
      throw new IllegalArgumentException(
          "resource must be 1 to " + MAX_RESOURCE_LENGTH + " characters, got " + resource.length());
    }
  }
}
