package dev.fenced.benchmarks;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import java.nio.charset.StandardCharsets;
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
 * A first request on PostgreSQL: a new key claimed and its outcome recorded, by Fenced's {@link
 * JpaIdempotencyStore} ({@code acquire} + {@code complete}) and by the same two statements bare.
 *
 * <p>The bare pair (the {@code INSERT ... ON CONFLICT ... RETURNING} that claims, the {@code
 * UPDATE} that completes, auto-commit, one pooled connection, prepared) is the limit of a store
 * built on them: two round trips. Fenced wraps each in a transaction of its own (prelude and {@code
 * COMMIT}: two more round trips per call) through Hibernate. No peer: ShedLock and Redisson have no
 * idempotency store.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PostgresIdempotencyBenchmark {

  static final String FINGERPRINT = "sha-256:0f1e2d3c4b5a69788796a5b4c3d2e1f0";
  static final byte[] PAYLOAD =
      "{\"status\":201,\"body\":{\"orderId\":\"1\",\"receiptId\":\"4370d935\"}}"
          .getBytes(StandardCharsets.UTF_8);
  static final long LOCK_TTL_MILLIS = 30_000;
  static final long RECORD_TTL_MILLIS = 3_600_000;

  private PostgresDatabase database;
  private JpaIdempotencyStore fenced;
  private FencedStatement acquire;
  private FencedStatement complete;

  @Setup(Level.Trial)
  public void open(PostgresDatabase database) {
    this.database = database;
    fenced = new JpaIdempotencyStore(database.fencedUnit);
    acquire = FencedStatement.named("idempotencyAcquire");
    complete = FencedStatement.named("idempotencyComplete");
  }

  /** Fenced: {@code acquire} of a new key, then {@code complete}. */
  @Benchmark
  public boolean fencedAcquireComplete(KeySpace keys) {
    String key = keys.freshKey();
    AcquireResult result = fenced.acquire(key, keys.owner, FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(result instanceof AcquireResult.Acquired)) {
      throw new IllegalStateException("a new key was not acquired: " + key + " " + result);
    }
    if (!fenced.complete(key, keys.owner, PAYLOAD, RECORD_TTL_MILLIS)) {
      throw new IllegalStateException("an acquired key was not completed: " + key);
    }
    return true;
  }

  /** The limit: the store's two statements, auto-commit, on one pooled connection. */
  @Benchmark
  public boolean bareAcquireComplete(KeySpace keys) throws SQLException {
    String key = keys.freshKey();
    String hash = FencedStatement.keyHash(key);
    try (Connection connection = database.pool.getConnection()) {
      try (PreparedStatement statement =
              acquire.prepare(connection, hash, key, FINGERPRINT, keys.owner, LOCK_TTL_MILLIS);
          ResultSet row = statement.executeQuery()) {
        if (!row.next()) {
          throw new IllegalStateException("a new key was not acquired: " + key);
        }
      }
      try (PreparedStatement statement =
          complete.prepare(connection, hash, keys.owner, PAYLOAD, RECORD_TTL_MILLIS)) {
        if (statement.executeUpdate() != 1) {
          throw new IllegalStateException("an acquired key was not completed: " + key);
        }
      }
      return true;
    }
  }
}
