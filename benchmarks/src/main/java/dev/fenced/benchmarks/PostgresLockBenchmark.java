package dev.fenced.benchmarks;

import dev.fenced.store.jpa.DataSourceSharing;
import dev.fenced.store.jpa.JpaLockStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbc.JdbcLockProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A lock taken and given back on PostgreSQL, each thread on keys of its own (uncontended): Fenced's
 * {@link JpaLockStore} ({@code acquire} + {@code release}) on a datasource and on a persistence
 * unit, the same two statements bare, and ShedLock's {@link JdbcLockProvider} ({@code lock} +
 * {@code unlock}).
 *
 * <p>The bare pair is the limit of any store that decides a lease with these statements: one
 * auto-commit round trip each on a pooled connection, with server-side prepared statements, and
 * nothing else. Fenced on a datasource only it uses ({@link #fenced}) also takes one round trip per
 * call and sends the statement alone (its bounds are the session's, set once per physical
 * connection); on a datasource the application shares ({@link #fencedShared}) its settings
 * statement ({@code SELECT set_config(...)}: the query timeout, the idle-in-transaction bound) goes
 * with the statement, as one prepared multi-statement; {@link #bareAfterSettings} sends exactly
 * that, without the store's Java work. Fenced on a persistence unit ({@link #fencedJpa}) takes
 * three per call (the prelude, the statement, the {@code COMMIT}) through Hibernate's entity
 * manager. ShedLock runs each statement in a JDBC transaction of its own (auto-commit off, {@code
 * COMMIT}, auto-commit back on) on the JVM's clock.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PostgresLockBenchmark {

  static final long TTL_MILLIS = 30_000;

  private PostgresDatabase database;
  private JpaLockStore fenced;
  private JpaLockStore fencedShared;
  private JpaLockStore fencedJpa;
  private JdbcLockProvider shedlock;
  private FencedStatement acquire;
  private FencedStatement release;
  private FencedStatement acquireAfterSettings;
  private FencedStatement releaseAfterSettings;

  @Setup(Level.Trial)
  public void open(PostgresDatabase database) {
    this.database = database;
    fenced = DataSourceStores.locks(database, DataSourceSharing.FENCED_ONLY);
    fencedShared = DataSourceStores.locks(database, DataSourceSharing.SHARED);
    fencedJpa = new JpaLockStore(database.fencedUnit);
    shedlock = new JdbcLockProvider(database.pool);
    acquire = FencedStatement.named("lockAcquire");
    release = FencedStatement.named("lockRelease");
    acquireAfterSettings = FencedStatement.afterSettings("lockAcquire");
    releaseAfterSettings = FencedStatement.afterSettings("lockRelease");
  }

  /**
   * Fenced on a datasource only it uses: {@code acquire} then {@code release}, one round trip each,
   * the statement alone.
   */
  @Benchmark
  public long fenced(KeySpace keys) {
    return LockRound.takeFree(fenced, keys.key(keys.next()), keys.owner, TTL_MILLIS);
  }

  /**
   * Fenced on a datasource the application shares: the same, each statement after its settings
   * statement in its round trip.
   */
  @Benchmark
  public long fencedShared(KeySpace keys) {
    return LockRound.takeFree(fencedShared, keys.key(keys.next()), keys.owner, TTL_MILLIS);
  }

  /**
   * Fenced on the persistence unit: {@code acquire} then {@code release}, three round trips each.
   */
  @Benchmark
  public long fencedJpa(KeySpace keys) {
    return LockRound.takeFree(fencedJpa, keys.key(keys.next()), keys.owner, TTL_MILLIS);
  }

  /** The limit: the store's two statements, auto-commit, on one pooled connection. */
  @Benchmark
  public long bare(KeySpace keys) throws SQLException {
    return takeAndGiveBack(keys, acquire, release);
  }

  /**
   * The same, each statement after the store's settings statement in its round trip, as the store
   * sends them on a datasource: what the settings cost PostgreSQL, without the store's Java work.
   */
  @Benchmark
  public long bareAfterSettings(KeySpace keys) throws SQLException {
    return takeAndGiveBack(keys, acquireAfterSettings, releaseAfterSettings);
  }

  private long takeAndGiveBack(KeySpace keys, FencedStatement take, FencedStatement giveBack)
      throws SQLException {
    int index = keys.next();
    String key = keys.key(index);
    String hash = keys.hash(index);
    try (Connection connection = database.pool.getConnection()) {
      long token;
      try (PreparedStatement statement =
          take.prepare(connection, hash, key, keys.owner, TTL_MILLIS)) {
        take.execute(statement);
        try (ResultSet row = statement.getResultSet()) {
          if (!row.next()) {
            throw new IllegalStateException("a free lock was refused: " + key);
          }
          token = row.getLong(1);
        }
      }
      try (PreparedStatement statement = giveBack.prepare(connection, hash, keys.owner)) {
        giveBack.execute(statement);
        if (statement.getUpdateCount() != 1) {
          throw new IllegalStateException("a held lock was not released: " + key);
        }
      }
      return token;
    }
  }

  /** ShedLock: {@code lock} then {@code unlock}. */
  @Benchmark
  public SimpleLock shedlock(KeySpace keys) {
    String key = keys.key(keys.next());
    SimpleLock lock =
        shedlock
            .lock(
                new LockConfiguration(
                    ClockProvider.now(), key, Duration.ofMillis(TTL_MILLIS), Duration.ZERO))
            .orElseThrow(() -> new IllegalStateException("a free lock was refused: " + key));
    lock.unlock();
    return lock;
  }
}
