package dev.fenced.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import dev.fenced.tck.support.PostgresServer;
import java.sql.SQLException;
import java.time.Duration;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A records table ({@code fenced_prune_idempotency}, tables of its own: {@link OwnTable}) that
 * holds {@link #expiredRecords} expired records at the start of every iteration, topped up before
 * it in one {@code INSERT ... SELECT} and vacuumed, and Fenced's store on a datasource over it.
 *
 * <p>With {@link #pruning}, a thread starts the store's prune ({@code prune(}{@link
 * #pruneLimit}{@code )}, 1000 by default as in the production checklist: batches of that many rows,
 * each its own statement, until one deletes fewer) as the iteration starts, and the iteration's end
 * waits for it. The prune must still be running when the iteration ends, so that every measured
 * operation ran beside it: when it finished earlier the benchmark fails, naming the time it took,
 * rather than report a window that was partly quiet. Without {@link #pruning} the same rows lie
 * there untouched.
 */
@State(Scope.Benchmark)
public class PruneBacklog {

  /** The name of every expired record, before its iteration and number. */
  static final String EXPIRED = "expired-";

  static final OwnTable TABLE = new OwnTable("fenced_prune_");

  private static final Duration PRUNE_WAIT = Duration.ofMinutes(10);

  /** How many expired records each iteration starts with. */
  @Param("1000000")
  public int expiredRecords;

  /** The most rows one prune statement deletes: the limit given to {@code prune}. */
  @Param("1000")
  public int pruneLimit;

  /** Whether the prune runs during the iteration. */
  @Param({"false", "true"})
  public boolean pruning;

  HikariDataSource pool;
  JpaIdempotencyStore store;
  private int iteration;
  private Thread pruner;
  private volatile RuntimeException pruneFailure;
  private volatile long pruned;
  private volatile long pruneNanos;

  @Setup(Level.Trial)
  public void open() throws SQLException {
    pool = PostgresDatabase.autoCommitPool(PostgresServer.get(), "prune");
    TABLE.create(pool);
    TABLE.run(pool, "TRUNCATE " + TABLE.tables.idempotency());
    store = new JpaIdempotencyStore(pool, Duration.ofSeconds(5), TABLE.tables);
  }

  @Setup(Level.Iteration)
  public void topUp() throws SQLException {
    String records = TABLE.tables.idempotency();
    long expired =
        TABLE.count(pool, "SELECT count(*) FROM " + records + " WHERE expires_at <= now()");
    if (expired < expiredRecords) {
      TABLE.fill(
          pool,
          EXPIRED + iteration + "-",
          (int) (expiredRecords - expired),
          -Duration.ofHours(1).toSeconds());
    }
    iteration++;
    TABLE.run(pool, "VACUUM ANALYZE " + records);
    if (pruning) {
      pruneFailure = null;
      pruner = new Thread(this::prune, "prune");
      pruner.start();
    }
  }

  private void prune() {
    long start = System.nanoTime();
    try {
      pruned = store.prune(pruneLimit);
    } catch (RuntimeException e) {
      pruneFailure = e;
    } finally {
      pruneNanos = System.nanoTime() - start;
    }
  }

  @TearDown(Level.Iteration)
  public void awaitPrune() throws InterruptedException {
    if (!pruning) {
      return;
    }
    boolean ranThrough = pruner.isAlive();
    pruner.join(PRUNE_WAIT.toMillis());
    if (pruner.isAlive()) {
      throw new IllegalStateException("the prune did not end within " + PRUNE_WAIT);
    }
    if (pruneFailure != null) {
      throw new IllegalStateException("the prune failed", pruneFailure);
    }
    if (!ranThrough) {
      throw new IllegalStateException(
          String.format(
              "the prune of %,d expired records ended after %,d ms, before the iteration did:"
                  + " measure for less time or raise expiredRecords",
              pruned, Duration.ofNanos(pruneNanos).toMillis()));
    }
  }

  @TearDown(Level.Trial)
  public void close() {
    pool.close();
  }
}
