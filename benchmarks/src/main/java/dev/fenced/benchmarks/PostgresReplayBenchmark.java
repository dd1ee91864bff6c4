package dev.fenced.benchmarks;

import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.FINGERPRINT;
import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.LOCK_TTL_MILLIS;
import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.PAYLOAD;
import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.RECORD_TTL_MILLIS;

import dev.fenced.idempotency.spi.AcquireResult;
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
 * Fenced's {@link JpaIdempotencyStore} and by the same statements bare. Each thread completes its
 * keys before the trial (through the store, untimed), then replays them in turn.
 *
 * <p>The store's claim is an {@code INSERT ... ON CONFLICT ... DO UPDATE ... WHERE} that finds the
 * live record and returns no row; a {@code SELECT} then reads the outcome. The bare pair (auto-
 * commit, one pooled connection, prepared) is the limit of those two round trips; Fenced runs each
 * in a transaction of its own, so four more (prelude and {@code COMMIT} twice).
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PostgresReplayBenchmark {

  private PostgresDatabase database;
  private JpaIdempotencyStore fenced;
  private FencedStatement acquire;
  private FencedStatement read;
  private KeySpace keys;

  @Setup(Level.Trial)
  public void open(PostgresDatabase database, KeySpace keys) {
    // the thread's keys, kept: JMH gives a benchmark method's KeySpace parameter another instance
    this.keys = keys;
    this.database = database;
    fenced = new JpaIdempotencyStore(database.fencedUnit);
    acquire = FencedStatement.named("idempotencyAcquire");
    read = FencedStatement.named("idempotencyRead");
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.key(i);
      if (!(fenced.acquire(key, keys.owner, FINGERPRINT, LOCK_TTL_MILLIS)
              instanceof AcquireResult.Acquired)
          || !fenced.complete(key, keys.owner, PAYLOAD, RECORD_TTL_MILLIS)) {
        throw new IllegalStateException("cannot record the outcome to replay of " + key);
      }
    }
  }

  /** Fenced: {@code acquire} answers {@code Completed} with the stored outcome. */
  @Benchmark
  public byte[] fencedReplay() {
    String key = keys.key(keys.next());
    AcquireResult result = fenced.acquire(key, keys.owner, FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(result instanceof AcquireResult.Completed completed)) {
      throw new IllegalStateException("a completed key did not replay: " + key + " " + result);
    }
    return completed.payload();
  }

  /** The limit: the losing claim and the read, auto-commit, on one pooled connection. */
  @Benchmark
  public byte[] bareReplay() throws SQLException {
    int index = keys.next();
    String key = keys.key(index);
    String hash = keys.hash(index);
    try (Connection connection = database.pool.getConnection()) {
      try (PreparedStatement statement =
              acquire.prepare(connection, hash, key, FINGERPRINT, keys.owner, LOCK_TTL_MILLIS);
          ResultSet row = statement.executeQuery()) {
        if (row.next()) {
          throw new IllegalStateException("a completed key was claimed again: " + key);
        }
      }
      try (PreparedStatement statement = read.prepare(connection, hash);
          ResultSet row = statement.executeQuery()) {
        if (!row.next() || row.getInt(2) != 1) {
          throw new IllegalStateException("a completed key did not replay: " + key);
        }
        return row.getBytes(3);
      }
    }
  }
}
