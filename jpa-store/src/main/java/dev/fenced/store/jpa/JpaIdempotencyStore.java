package dev.fenced.store.jpa;

import static dev.fenced.store.jpa.PostgresStatements.keyHash;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * {@link IdempotencyStore} on PostgreSQL through JPA native statements: table {@code
 * fenced_idempotency} ({@link FencedTables#SCRIPT}), or that of another prefix or schema ({@link
 * FencedTables}).
 *
 * <p>Every method is one statement in a transaction of its own: {@code acquire} is one {@code
 * INSERT ... ON CONFLICT (key_hash) DO UPDATE ... WHERE expires_at <= clock_timestamp() RETURNING};
 * when that insert loses, one {@code SELECT} reads the live record to report it (it decides
 * nothing). {@code complete}, {@code release} and {@code extend} carry the owner and {@code
 * expires_at > clock_timestamp()} (or a live commit mark, {@code committed_until}) in the {@code
 * WHERE} of the statement that writes. {@code release} expires the lock in place rather than
 * deleting the row, so a record whose work committed stays. Expiry is on the database's clock.
 *
 * <p>Each transaction runs READ COMMITTED whatever the database's default, and each statement
 * within the query timeout (default {@value StoreSettings#DEFAULT_QUERY_TIMEOUT_MILLIS} ms).
 * Connection failures, timeouts and pool exhaustion throw {@link StoreUnavailableException}; a
 * serialization failure, deadlock or lock timeout is retried, and an acquire still refused reports
 * contention ({@link AcquireResult.InFlight}), never an outage.
 *
 * <p>It wakes waiting duplicates ({@link ClaimEndSignals}) with PostgreSQL's {@code LISTEN} and
 * {@code NOTIFY}: {@link #watch} marks the record in flight as awaited, and the statement that
 * completes or releases it then notifies the channel {@code <prefix>idempotency_ended}, only for an
 * awaited record. The store listens on one connection of its own, taken from its datasource, or
 * from the datasource or JDBC URL its persistence unit's properties name (a unit that names neither
 * does not signal: its duplicates poll); {@link #close} stops it.
 */
public final class JpaIdempotencyStore
    implements IdempotencyStore, ClaimEndSignals, IdempotencyRecordAdministration, AutoCloseable {

  /**
   * How often {@code acquire} runs its statement when the key was neither free nor live by the
   * statement's snapshot (another caller claimed it meanwhile, or its record went away).
   */
  static final int ACQUIRE_ATTEMPTS = 5;

  private final Calls calls;
  private final PostgresStatements statements;
  private final CallerIsolation callerIsolation;
  private final ClaimEndListener listener;

  /**
   * A store on a {@code RESOURCE_LOCAL} persistence unit (Java SE): each call uses a new entity
   * manager and its own {@code EntityTransaction}.
   *
   * @param factory a persistence unit on PostgreSQL holding the Fenced tables
   */
  public JpaIdempotencyStore(EntityManagerFactory factory) {
    this(new ResourceLocalTransactions(factory), StoreSettings.DEFAULTS);
  }

  /**
   * A store on a {@code RESOURCE_LOCAL} persistence unit (Java SE) with its own query timeout.
   *
   * @param factory a persistence unit on PostgreSQL holding the Fenced tables
   * @param queryTimeout how long PostgreSQL may work on one statement, 1 ms to 10 minutes
   */
  public JpaIdempotencyStore(EntityManagerFactory factory, Duration queryTimeout) {
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
  public JpaIdempotencyStore(
      EntityManagerFactory factory, Duration queryTimeout, FencedTables tables) {
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
  public JpaIdempotencyStore(DataSource dataSource) {
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
  public JpaIdempotencyStore(DataSource dataSource, Duration queryTimeout, FencedTables tables) {
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
  public JpaIdempotencyStore(
      DataSource dataSource,
      Duration queryTimeout,
      FencedTables tables,
      DataSourceSharing sharing) {
    this(
        dataSource,
        StoreSettings.of(queryTimeout).withTables(Objects.requireNonNull(tables, "tables")),
        sharing);
  }

  private JpaIdempotencyStore(DataSource dataSource, StoreSettings settings) {
    this(dataSource, settings, DataSourceSharing.SHARED);
  }

  private JpaIdempotencyStore(
      DataSource dataSource, StoreSettings settings, DataSourceSharing sharing) {
    this(
        new DataSourceStatements(dataSource, DataSourceStatements.Detached.NONE, settings, sharing),
        settings,
        false,
        listener(Optional.of(ListeningConnections.of(dataSource)), settings));
  }

  private JpaIdempotencyStore(ResourceLocalTransactions transactions, StoreSettings settings) {
    this(
        new PersistenceUnitStatements(transactions, settings),
        settings,
        false,
        listener(ListeningConnections.of(transactions.factory()), settings));
  }

  JpaIdempotencyStore(StoreTransactions transactions, StoreSettings settings) {
    this(new PersistenceUnitStatements(transactions, settings), settings);
  }

  JpaIdempotencyStore(StatementRunner runner, StoreSettings settings) {
    this(runner, settings, false);
  }

  JpaIdempotencyStore(StatementRunner runner, StoreSettings settings, boolean withWork) {
    this(runner, settings, withWork, listener(Optional.empty(), settings));
  }

  /**
   * A store whose outcomes may be recorded with the work ({@code withWork}): it then refuses to
   * claim while the callers' transactions do not start READ COMMITTED ({@link CallerIsolation}).
   * Its watches listen through {@code listener}.
   */
  JpaIdempotencyStore(
      StatementRunner runner, StoreSettings settings, boolean withWork, ClaimEndListener listener) {
    this.calls = new Calls(runner, settings);
    this.statements = calls.statements();
    this.callerIsolation = withWork ? CallerIsolation.readCommitted(calls) : CallerIsolation.ANY;
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  /**
   * The listener of a store on {@code settings}, on {@code connections}; without them, one that
   * never listens and says why.
   */
  static ClaimEndListener listener(
      Optional<ClaimEndListener.Connections> connections, StoreSettings settings) {
    String channel = new PostgresStatements(settings.tables()).claimEndChannel;
    return connections
        .map(source -> new ClaimEndListener(source, channel, settings.queryTimeoutMillis()))
        .orElseGet(
            () ->
                ClaimEndListener.none(
                    "PostgreSQL store: no connection to LISTEN on: the persistence unit's"
                        + " properties name no datasource ("
                        + ListeningConnections.DATASOURCES.get(1)
                        + ") nor JDBC URL, so waiting duplicates poll the store; to have them"
                        + " woken, run the store on the unit's datasource ("
                        + JpaStoreBean.DATASOURCE
                        + ")",
                    channel));
  }

  /** The listener of this store's watches. */
  ClaimEndListener listener() {
    return listener;
  }

  /**
   * {@inheritDoc}
   *
   * <p>Once the store listens on its channel (the first watch starts it, within the query timeout),
   * one {@code UPDATE} in a transaction of its own marks the record in flight as awaited; a record
   * already completed or gone is left as it is, and the caller's next look finds it.
   *
   * @throws StoreUnavailableException when the store cannot listen (its listening connection is
   *     down, or it has none) or the {@code UPDATE} fails
   */
  @Override
  public ClaimWatch watch(String key, Runnable wakeUp) {
    String hash = keyHash(Calls.key(key));
    Objects.requireNonNull(wakeUp, "wakeUp");
    ClaimWatch watch = listener.watch(hash, wakeUp);
    try {
      calls.changesOneRow("watch a claim", statements.idempotencyAwait, hash);
    } catch (RuntimeException e) {
      watch.close();
      throw e;
    }
    return watch;
  }

  /**
   * Stops listening for the end of claims and closes the listening connection, if the store had
   * opened one; the other calls still work, and a later {@link #watch} is refused.
   */
  @Override
  public void close() {
    listener.close();
  }

  /** The check of the callers' isolation level, for the store's readiness. */
  CallerIsolation callerIsolation() {
    return callerIsolation;
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    String hash = keyHash(Calls.key(key));
    Calls.text("owner", owner);
    Calls.text("fingerprint", fingerprint);
    Calls.ttl("lockTtlMillis", lockTtlMillis);
    callerIsolation.require();
    for (int attempt = 1; attempt <= ACQUIRE_ATTEMPTS; attempt++) {
      List<Object[]> answer =
          calls.rowsOrContended(
              "acquire",
              statements.idempotencyAcquire,
              hash,
              key,
              fingerprint,
              owner,
              lockTtlMillis);
      if (!answer.isEmpty()) {
        Object[] row = answer.get(0);
        int state = (int) Columns.number(row[0]);
        if (state == PostgresStatements.CLAIMED) {
          return new AcquireResult.Acquired();
        }
        String storedFingerprint = Columns.text(row[1]);
        return switch (state) {
          case 1 -> new AcquireResult.Completed(storedFingerprint, Columns.bytes(row[2]));
          case 2 -> new AcquireResult.Committed(storedFingerprint);
          default -> new AcquireResult.InFlight(storedFingerprint);
        };
      }
      // claimed by another caller after this statement's snapshot, or gone: try again
    }
    // every round lost to a caller whose record was gone by the read: others are busy on the key,
    // which is contention (409), not an outage; the caller's own fingerprint is all there is
    return new AcquireResult.InFlight(fingerprint);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    String hash = keyHash(Calls.key(key));
    Calls.text("owner", owner);
    byte[] copy = Objects.requireNonNull(payload, "payload").clone();
    Calls.ttl("ttlMillis", ttlMillis);
    return calls.endsOneClaim(
        "complete", statements.idempotencyComplete, hash, owner, copy, ttlMillis);
  }

  /**
   * {@link dev.fenced.idempotency.spi.CompletionWithWork#completeWithWork}: the {@code complete}
   * statement, owner and expiry checked in its {@code WHERE}, run in the caller's transaction. From
   * that statement until the caller's transaction ends, the row is locked by it: an acquire by
   * another owner waits for the commit and then finds the completed record.
   *
   * <p>An awaited record is signalled once that transaction commits: in a JTA transaction by this
   * store's listening connection, from an interposed synchronization ({@code NOTIFY} in the
   * transaction itself would make PostgreSQL refuse its two-phase commit); else by a {@code
   * pg_notify} in the caller's transaction, which leaves with its commit.
   */
  boolean completeWithWork(String key, String owner, byte[] payload, long ttlMillis) {
    String hash = keyHash(Calls.key(key));
    Calls.text("owner", owner);
    byte[] copy = Objects.requireNonNull(payload, "payload").clone();
    Calls.ttl("ttlMillis", ttlMillis);
    List<Object[]> completed =
        calls.rowsInCallersTransaction(
            "complete with the work",
            statements.idempotencyCompleteWithWork,
            hash,
            owner,
            copy,
            ttlMillis);
    if (completed.isEmpty()) {
      return false;
    }
    if (Boolean.TRUE.equals(completed.get(0)[0])
        && !CurrentJtaTransaction.afterCommit(() -> listener.signal(hash))) {
      calls.rowsInCallersTransaction(
          "signal the end of a claim with the work", statements.claimEndSignal, hash);
    }
    return true;
  }

  /**
   * {@link dev.fenced.idempotency.spi.CompletionWithWork#markCommitted}: one {@code UPDATE} in the
   * caller's transaction, owner and live lock checked in its {@code WHERE}, that sets {@code
   * committed_until} and renews the lock. The row stays locked by the caller's transaction until it
   * ends, like {@link #completeWithWork}.
   */
  boolean markCommitted(String key, String owner, long ttlMillis, long lockTtlMillis) {
    String hash = keyHash(Calls.key(key));
    Calls.text("owner", owner);
    Calls.ttl("ttlMillis", ttlMillis);
    Calls.ttl("lockTtlMillis", lockTtlMillis);
    return calls.changesOneRowInCallersTransaction(
        "mark the commit with the work",
        statements.idempotencyMarkCommitted,
        hash,
        owner,
        ttlMillis,
        lockTtlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    String hash = keyHash(Calls.key(key));
    return calls.endsOneClaim(
        "release", statements.idempotencyRelease, hash, Calls.text("owner", owner));
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    String hash = keyHash(Calls.key(key));
    Calls.text("owner", owner);
    Calls.ttl("lockTtlMillis", lockTtlMillis);
    return calls.changesOneRow("extend", statements.idempotencyExtend, hash, owner, lockTtlMillis);
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> record(String key, boolean withOutcome) {
    String sql =
        withOutcome
            ? statements.administration.recordReadWithPayload
            : statements.administration.recordRead;
    return calls.rows("inspect a record", sql, keyHash(Calls.key(key))).stream()
        .findFirst()
        .map(SnapshotRows::record);
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> purge(String key, String expectedOwner) {
    return calls
        .rows(
            "purge a record",
            statements.administration.recordPurge,
            keyHash(Calls.key(key)),
            expectedOwner == null ? "" : expectedOwner,
            expectedOwner == null ? 1 : 0)
        .stream()
        .findFirst()
        .map(SnapshotRows::record);
  }

  @Override
  public List<IdempotencyRecordSnapshot> inFlight(long minAgeMillis, int limit) {
    StoreLimits.requireListing(minAgeMillis, limit);
    return calls
        .rows(
            "list records in flight",
            statements.administration.recordsInFlight,
            minAgeMillis,
            limit)
        .stream()
        .map(SnapshotRows::record)
        .toList();
  }

  /**
   * Deletes expired records, {@code limit} per statement and transaction, until none is left. The
   * {@code DELETE} checks expiry again, so a record taken over meanwhile stays; rows locked by
   * another transaction are skipped.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @return how many records were deleted
   */
  public int prune(int limit) {
    return prune(limit, Duration.ZERO);
  }

  /**
   * {@link #prune(int)}, waiting {@code pause} after each full batch, so that the requests beside a
   * long prune get the database's CPU and WAL flushes between its batches (BENCHMARKS.md, <i>Growth
   * and prune</i>). An interrupt during a pause ends the prune with the records deleted so far, the
   * interrupt status set again.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @param pause the wait between two batches, zero or positive
   * @return how many records were deleted
   */
  public int prune(int limit, Duration pause) {
    return calls.deleteInBatches(limit, pause, statements.idempotencyPrune, limit);
  }
}
