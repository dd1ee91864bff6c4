package dev.fenced.benchmarks;

import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.COMPLETED;
import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.FINGERPRINT;
import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.LOCK_TTL_MILLIS;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.jpa.DataSourceSharing;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A repeated request on PostgreSQL: {@code acquire} of a key whose outcome is already recorded, by
 * Fenced's {@link JpaIdempotencyStore} on a datasource and on a persistence unit, by the same
 * statement bare, and by a plain read of the outcome. Each thread completes its keys before the
 * trial (through the store, untimed), then replays them in turn.
 *
 * <p>The store's acquire is one statement that finds the live record and answers its state
 * (completed) and payload. Sent bare ({@link #bareReplay}: auto-commit, one pooled connection,
 * prepared), it is the limit of a store built on it: one round trip; {@link #plainReadReplay}, a
 * {@code SELECT} of the outcome by primary key, is the limit of any replay. Fenced on a datasource
 * ({@link #fencedReplay}) also takes one round trip, its prelude sent with the statement as one
 * prepared multi-statement. Fenced on a persistence unit ({@link #fencedJpaReplay}) takes three
 * (prelude, statement, {@code COMMIT}) through Hibernate's entity manager.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PostgresReplayBenchmark {

  /** A replay's physical limit: the outcome read by primary key. */
  static final String PLAIN_READ =
      "SELECT fingerprint, payload FROM fenced_idempotency WHERE key_hash = ?";

  private PostgresDatabase database;
  private JpaIdempotencyStore fenced;
  private JpaIdempotencyStore fencedShared;
  private JpaIdempotencyStore fencedJpa;
  private FencedStatement acquire;
  private KeySpace keys;

  @Setup(Level.Trial)
  public void open(PostgresDatabase database, KeySpace keys) {
    // the thread's keys, kept: JMH gives a benchmark method's KeySpace parameter another instance
    this.keys = keys;
    this.database = database;
    fenced = DataSourceStores.records(database, DataSourceSharing.FENCED_ONLY);
    fencedShared = DataSourceStores.records(database, DataSourceSharing.SHARED);
    fencedJpa = new JpaIdempotencyStore(database.fencedUnit);
    acquire = FencedStatement.named("idempotencyAcquire");
    for (int i = 0; i < keys.size(); i++) {
      PostgresIdempotencyBenchmark.acquireComplete(fenced, keys.key(i), keys.owner);
    }
  }

  /**
   * Fenced on a datasource only it uses: {@code acquire} answers {@code Completed} with the stored
   * outcome.
   */
  @Benchmark
  public byte[] fencedReplay() {
    return replay(fenced);
  }

  /** Fenced on a datasource the application shares: as {@link #fencedReplay}. */
  @Benchmark
  public byte[] fencedSharedReplay() {
    return replay(fencedShared);
  }

  /** Fenced on the persistence unit: as {@link #fencedReplay}. */
  @Benchmark
  public byte[] fencedJpaReplay() {
    return replay(fencedJpa);
  }

  /** The limit of the store: its acquire statement, auto-commit, on a pooled connection. */
  @Benchmark
  public byte[] bareReplay() throws SQLException {
    int index = keys.next();
    String key = keys.key(index);
    String hash = keys.hash(index);
    try (Connection connection = database.pool.getConnection();
        PreparedStatement statement =
            acquire.prepare(connection, hash, key, FINGERPRINT, keys.owner, LOCK_TTL_MILLIS);
        ResultSet row = statement.executeQuery()) {
      if (!row.next() || row.getInt(1) != COMPLETED) {
        throw new IllegalStateException("a completed key did not replay: " + key);
      }
      return row.getBytes(3);
    }
  }

  /**
   * The limit of any replay: the outcome read by primary key, auto-commit, on a pooled connection.
   */
  @Benchmark
  public byte[] plainReadReplay() throws SQLException {
    int index = keys.next();
    try (Connection connection = database.pool.getConnection();
        PreparedStatement statement = connection.prepareStatement(PLAIN_READ)) {
      statement.setString(1, keys.hash(index));
      try (ResultSet row = statement.executeQuery()) {
        if (!row.next()) {
          throw new IllegalStateException("a completed key was not found: " + keys.key(index));
        }
        return row.getBytes(2);
      }
    }
  }

  private byte[] replay(JpaIdempotencyStore store) {
    String key = keys.key(keys.next());
    AcquireResult result = store.acquire(key, keys.owner, FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(result instanceof AcquireResult.Completed completed)) {
      throw new IllegalStateException("a completed key did not replay: " + key + " " + result);
    }
    return completed.payload();
  }
}
