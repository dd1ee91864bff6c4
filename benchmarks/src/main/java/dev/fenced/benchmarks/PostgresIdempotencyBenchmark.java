package dev.fenced.benchmarks;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.jpa.DataSourceSharing;
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
 * JpaIdempotencyStore} ({@code acquire} + {@code complete}) on a datasource and on a persistence
 * unit, and by the same two statements bare.
 *
 * <p>The bare pair (the acquire statement, whose {@code INSERT ... ON CONFLICT} claims the key and
 * answers state {@value #CLAIMED}, then the {@code UPDATE} that completes; auto-commit, one pooled
 * connection, prepared) is the limit of a store built on them: two round trips. Fenced on a
 * datasource ({@link #fencedAcquireComplete}) also takes one round trip per call, its prelude sent
 * with the statement as one prepared multi-statement. Fenced on a persistence unit ({@link
 * #fencedJpaAcquireComplete}) takes three per call (prelude, statement, {@code COMMIT}) through
 * Hibernate's entity manager. No peer: ShedLock and Redisson have no idempotency store.
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

  /**
   * The state the acquire statement answers when it claimed the key ({@code
   * PostgresStatements.CLAIMED}).
   */
  static final int CLAIMED = 3;

  /** The state it answers for a completed record, whose payload it carries. */
  static final int COMPLETED = 1;

  private PostgresDatabase database;
  private JpaIdempotencyStore fenced;
  private JpaIdempotencyStore fencedShared;
  private JpaIdempotencyStore fencedJpa;
  private FencedStatement acquire;
  private FencedStatement complete;

  @Setup(Level.Trial)
  public void open(PostgresDatabase database) {
    this.database = database;
    fenced = DataSourceStores.records(database, DataSourceSharing.FENCED_ONLY);
    fencedShared = DataSourceStores.records(database, DataSourceSharing.SHARED);
    fencedJpa = new JpaIdempotencyStore(database.fencedUnit);
    acquire = FencedStatement.named("idempotencyAcquire");
    complete = FencedStatement.named("idempotencyComplete");
  }

  /** Fenced on a datasource only it uses: {@code acquire} of a new key, then {@code complete}. */
  @Benchmark
  public boolean fencedAcquireComplete(KeySpace keys) {
    return acquireComplete(fenced, keys.freshKey(), keys.owner);
  }

  /** Fenced on a datasource the application shares: as {@link #fencedAcquireComplete}. */
  @Benchmark
  public boolean fencedSharedAcquireComplete(KeySpace keys) {
    return acquireComplete(fencedShared, keys.freshKey(), keys.owner);
  }

  /** Fenced on the persistence unit: {@code acquire} of a new key, then {@code complete}. */
  @Benchmark
  public boolean fencedJpaAcquireComplete(KeySpace keys) {
    return acquireComplete(fencedJpa, keys.freshKey(), keys.owner);
  }

  /**
   * Claims a new key and records its outcome through a store.
   *
   * @throws IllegalStateException when the key is not acquired or not completed
   */
  static boolean acquireComplete(JpaIdempotencyStore store, String key, String owner) {
    claim(store, key, owner);
    if (!store.complete(key, owner, PAYLOAD, RECORD_TTL_MILLIS)) {
      throw new IllegalStateException("an acquired key was not completed: " + key);
    }
    return true;
  }

  /**
   * Claims a new key through a store: a first request's {@code acquire}.
   *
   * @throws IllegalStateException when the key is not acquired
   */
  static AcquireResult claim(JpaIdempotencyStore store, String key, String owner) {
    AcquireResult result = store.acquire(key, owner, FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(result instanceof AcquireResult.Acquired)) {
      throw new IllegalStateException("a new key was not acquired: " + key + " " + result);
    }
    return result;
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
        if (!row.next() || row.getInt(1) != CLAIMED) {
          throw new IllegalStateException("a new key was not acquired: " + key);
        }
      }
      // the store's complete answers a row when it completed the record (RETURNING, which also
      // signals a waiting duplicate's listener when there is one)
      try (PreparedStatement statement =
              complete.prepare(connection, hash, keys.owner, PAYLOAD, RECORD_TTL_MILLIS);
          ResultSet completed = statement.executeQuery()) {
        if (!completed.next()) {
          throw new IllegalStateException("an acquired key was not completed: " + key);
        }
      }
      return true;
    }
  }
}
