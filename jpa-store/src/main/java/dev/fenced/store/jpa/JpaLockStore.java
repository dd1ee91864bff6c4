package dev.fenced.store.jpa;

import static dev.fenced.store.jpa.PostgresStatements.keyHash;

import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * {@link LockStore} on PostgreSQL through JPA native statements: table {@code fenced_locks} and
 * sequence {@code fenced_lock_token_seq} ({@link FencedTables#SCRIPT}), or those of another prefix
 * or schema ({@link FencedTables}).
 *
 * <p>Every method is one statement in a transaction of its own: {@code acquire} is one {@code
 * INSERT ... ON CONFLICT (key_hash) DO UPDATE ... WHERE expires_at <= clock_timestamp() RETURNING
 * token}, the fencing token drawn from the sequence inside it; {@code renew} and {@code release}
 * carry the owner and {@code expires_at > clock_timestamp()} in their {@code WHERE}. A release
 * expires the row in place, so the key's next token is drawn after locking its row and always
 * exceeds the last. {@link #prune(int)} leaves a row alone for a grace period after it expired or
 * was released, longer than any statement may run, so a token never goes down on its key.
 *
 * <p>Each transaction runs READ COMMITTED whatever the database's default, and each statement
 * within the query timeout (default {@value StoreSettings#DEFAULT_QUERY_TIMEOUT_MILLIS} ms).
 * Connection failures, timeouts and pool exhaustion throw {@link StoreUnavailableException}; a
 * serialization failure, deadlock or lock timeout is retried, and an acquire still refused reports
 * contention (empty), never an outage.
 */
public final class JpaLockStore implements LockStore, LockAdministration {

  private final Calls calls;
  private final PostgresStatements statements;

  /**
   * A store on a {@code RESOURCE_LOCAL} persistence unit (Java SE): each call uses a new entity
   * manager and its own {@code EntityTransaction}.
   *
   * @param factory a persistence unit on PostgreSQL holding the Fenced tables
   */
  public JpaLockStore(EntityManagerFactory factory) {
    this(new ResourceLocalTransactions(factory), StoreSettings.DEFAULTS);
  }

  /**
   * A store on a {@code RESOURCE_LOCAL} persistence unit (Java SE) with its own query timeout.
   *
   * @param factory a persistence unit on PostgreSQL holding the Fenced tables
   * @param queryTimeout how long PostgreSQL may work on one statement, 1 ms to 10 minutes
   */
  public JpaLockStore(EntityManagerFactory factory, Duration queryTimeout) {
    this(new ResourceLocalTransactions(factory), StoreSettings.of(queryTimeout));
  }

  /**
   * A store on a {@code RESOURCE_LOCAL} persistence unit (Java SE) with its own query timeout, on
   * tables of another prefix or schema (what {@value FencedTables#TABLE_PREFIX} and {@value
   * FencedTables#SCHEMA} set in a server).
   *
   * @param factory a persistence unit on PostgreSQL holding the tables {@code tables} names
   * @param queryTimeout how long PostgreSQL may work on one statement, 1 ms to 10 minutes
   * @param tables where the tables are, e.g. {@code FencedTables.withPrefix("orders_")}
   */
  public JpaLockStore(EntityManagerFactory factory, Duration queryTimeout, FencedTables tables) {
    this(
        new ResourceLocalTransactions(factory),
        StoreSettings.of(queryTimeout).withTables(Objects.requireNonNull(tables, "tables")));
  }

  /**
   * A store on a datasource (plain JDBC): each call is one round trip, its statement and the
   * settings of its transaction sent together on a connection of the pool, in auto-commit or not.
   * The fastest way to the tables; the datasource needs no JPA provider.
   *
   * @param dataSource a pool of connections to PostgreSQL holding the Fenced tables
   */
  public JpaLockStore(DataSource dataSource) {
    this(dataSource, StoreSettings.DEFAULTS);
  }

  /**
   * A store on a datasource (plain JDBC) with its own query timeout, on tables of another prefix or
   * schema.
   *
   * @param dataSource a pool of connections to PostgreSQL holding the tables {@code tables} names
   * @param queryTimeout how long PostgreSQL may work on one statement, 1 ms to 10 minutes
   * @param tables where the tables are, e.g. {@code FencedTables.DEFAULT}
   */
  public JpaLockStore(DataSource dataSource, Duration queryTimeout, FencedTables tables) {
    this(dataSource, queryTimeout, tables, DataSourceSharing.SHARED);
  }

  /**
   * A store on a datasource (plain JDBC) with its own query timeout, on tables of another prefix or
   * schema, saying whether the application uses the datasource too: on one only Fenced uses ({@link
   * DataSourceSharing#FENCED_ONLY}) the store sets its bounds once per physical connection instead
   * of in every call.
   *
   * @param dataSource a pool of connections to PostgreSQL holding the tables {@code tables} names
   * @param queryTimeout how long PostgreSQL may work on one statement, 1 ms to 10 minutes
   * @param tables where the tables are, e.g. {@code FencedTables.DEFAULT}
   * @param sharing whether the application uses {@code dataSource} too
   */
  public JpaLockStore(
      DataSource dataSource,
      Duration queryTimeout,
      FencedTables tables,
      DataSourceSharing sharing) {
    this(
        dataSource,
        StoreSettings.of(queryTimeout).withTables(Objects.requireNonNull(tables, "tables")),
        sharing);
  }

  private JpaLockStore(DataSource dataSource, StoreSettings settings) {
    this(dataSource, settings, DataSourceSharing.SHARED);
  }

  private JpaLockStore(DataSource dataSource, StoreSettings settings, DataSourceSharing sharing) {
    this(
        new DataSourceStatements(dataSource, DataSourceStatements.Detached.NONE, settings, sharing),
        settings);
  }

  JpaLockStore(StoreTransactions transactions, StoreSettings settings) {
    this(new PersistenceUnitStatements(transactions, settings), settings);
  }

  JpaLockStore(StatementRunner runner, StoreSettings settings) {
    this.calls = new Calls(runner, settings);
    this.statements = calls.statements();
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    String hash = keyHash(Calls.key(key));
    Calls.text("owner", owner);
    Calls.ttl("ttlMillis", ttlMillis);
    List<Object[]> token =
        calls.rowsOrContended("acquire", statements.lockAcquire, hash, key, owner, ttlMillis);
    return token.isEmpty()
        ? OptionalLong.empty()
        : OptionalLong.of(Columns.number(token.get(0)[0]));
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    String hash = keyHash(Calls.key(key));
    Calls.text("owner", owner);
    Calls.ttl("ttlMillis", ttlMillis);
    return calls.changesOneRow("renew", statements.lockRenew, hash, owner, ttlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    String hash = keyHash(Calls.key(key));
    return calls.changesOneRow("release", statements.lockRelease, hash, Calls.text("owner", owner));
  }

  @Override
  public Optional<LockSnapshot> lock(String key) {
    return calls
        .rows("inspect a lock", statements.administration.lockRead, keyHash(Calls.key(key)))
        .stream()
        .findFirst()
        .map(SnapshotRows::lock);
  }

  @Override
  public Optional<LockSnapshot> forceRelease(String key, String expectedOwner) {
    return calls
        .rows(
            "force-release a lock",
            statements.administration.lockForceRelease,
            keyHash(Calls.key(key)),
            Objects.requireNonNull(expectedOwner, "expectedOwner"))
        .stream()
        .findFirst()
        .map(SnapshotRows::lock);
  }

  /**
   * Deletes locks that expired or were released more than the grace period ago (21 minutes: twice
   * the longest query timeout, plus a minute), {@code limit} per statement and transaction, until
   * none is left. The {@code DELETE} checks expiry again, so a lock taken over meanwhile stays.
   * Tokens stay increasing: the sequence is shared by every key, and the grace outlasts any acquire
   * that drew its token before it waited on the row.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @return how many locks were deleted
   */
  public int prune(int limit) {
    return prune(limit, Duration.ZERO);
  }

  /**
   * {@link #prune(int)}, waiting {@code pause} after each full batch, so that the requests beside a
   * long prune get the database's CPU and WAL flushes between its batches. An interrupt during a
   * pause ends the prune with the locks deleted so far, the interrupt status set again.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @param pause the wait between two batches, zero or positive
   * @return how many locks were deleted
   */
  public int prune(int limit, Duration pause) {
    return calls.deleteInBatches(
        limit, pause, statements.lockPrune, limit, calls.settings().lockPruneGraceMillis());
  }
}
