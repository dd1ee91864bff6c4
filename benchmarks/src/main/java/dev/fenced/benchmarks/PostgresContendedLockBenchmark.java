package dev.fenced.benchmarks;

import static dev.fenced.benchmarks.PostgresLockBenchmark.TTL_MILLIS;

import dev.fenced.store.jpa.DataSourceSharing;
import dev.fenced.store.jpa.JpaLockStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Many threads (32 unless {@code -t} says otherwise) trying for few locks ({@link #locks}, 4) on
 * PostgreSQL: each call tries to acquire the next of the shared keys and, when it wins, releases it
 * at once; a refusal is a valid outcome. Fenced's {@link JpaLockStore} on a datasource and on a
 * persistence unit, the same statements bare, and ShedLock's {@link JdbcLockProvider}. The score
 * counts attempts, won or lost.
 *
 * <p>Contention is where the statements' row locks matter: a claim meets a row another claim has
 * updated and not committed yet, and waits for its commit. The bare statements in auto-commit hold
 * that row lock for one statement, and so does Fenced on a datasource ({@link #fenced}: the prelude
 * sent with the statement, one round trip per call, committed when it ends). Fenced on a
 * persistence unit ({@link #fencedJpa}: prelude, statement and {@code COMMIT}, three round trips
 * through Hibernate's entity manager) holds it until its {@code COMMIT}, one round trip later;
 * ShedLock likewise until its own {@code COMMIT}.
 */
@State(Scope.Benchmark)
@Threads(32)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PostgresContendedLockBenchmark {

  /** How many keys all threads share. */
  @Param("4")
  public int locks;

  private PostgresDatabase database;
  private JpaLockStore fenced;
  private JpaLockStore fencedShared;
  private JpaLockStore fencedJpa;
  private JdbcLockProvider shedlock;
  private FencedStatement acquire;
  private FencedStatement release;
  private String[] keys;
  private String[] hashes;

  @Setup(Level.Trial)
  public void open(PostgresDatabase database) {
    this.database = database;
    fenced = DataSourceStores.locks(database, DataSourceSharing.FENCED_ONLY);
    fencedShared = DataSourceStores.locks(database, DataSourceSharing.SHARED);
    fencedJpa = new JpaLockStore(database.fencedUnit);
    shedlock = new JdbcLockProvider(database.pool);
    acquire = FencedStatement.named("lockAcquire");
    release = FencedStatement.named("lockRelease");
    String prefix = KeySpace.RUN + "contended-" + UUID.randomUUID().toString().substring(0, 8);
    keys = new String[locks];
    hashes = new String[locks];
    for (int i = 0; i < locks; i++) {
      keys[i] = prefix + "-" + i;
      hashes[i] = FencedStatement.keyHash(keys[i]);
    }
  }

  /**
   * Fenced on a datasource only it uses: {@code acquire}, and {@code release} when won; the token,
   * or 0 when refused.
   */
  @Benchmark
  public long fenced(KeySpace thread) {
    return LockRound.tryContended(fenced, keys[thread.next() % locks], thread.owner, TTL_MILLIS);
  }

  /** Fenced on a datasource the application shares: as {@link #fenced}. */
  @Benchmark
  public long fencedShared(KeySpace thread) {
    return LockRound.tryContended(
        fencedShared, keys[thread.next() % locks], thread.owner, TTL_MILLIS);
  }

  /** Fenced on the persistence unit: as {@link #fenced}. */
  @Benchmark
  public long fencedJpa(KeySpace thread) {
    return LockRound.tryContended(fencedJpa, keys[thread.next() % locks], thread.owner, TTL_MILLIS);
  }

  /** The limit: the store's statements, auto-commit, on one pooled connection. */
  @Benchmark
  public long bare(KeySpace thread) throws SQLException {
    int index = thread.next() % locks;
    try (Connection connection = database.pool.getConnection()) {
      long token = 0;
      try (PreparedStatement statement =
              acquire.prepare(connection, hashes[index], keys[index], thread.owner, TTL_MILLIS);
          ResultSet row = statement.executeQuery()) {
        if (row.next()) {
          token = row.getLong(1);
        }
      }
      if (token != 0) {
        try (PreparedStatement statement =
            release.prepare(connection, hashes[index], thread.owner)) {
          if (statement.executeUpdate() != 1) {
            throw new IllegalStateException("a held lock was not released: " + keys[index]);
          }
        }
      }
      return token;
    }
  }

  /** ShedLock: {@code lock}, and {@code unlock} when won. */
  @Benchmark
  public boolean shedlock(KeySpace thread) {
    String key = keys[thread.next() % locks];
    Optional<SimpleLock> lock =
        shedlock.lock(
            new LockConfiguration(
                ClockProvider.now(), key, Duration.ofMillis(TTL_MILLIS), Duration.ZERO));
    lock.ifPresent(SimpleLock::unlock);
    return lock.isPresent();
  }
}
