package dev.fenced.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import dev.fenced.testservers.PostgresServer;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A records table ({@code fenced_prune_idempotency}, tables of its own: {@link OwnTable}) that
 * holds {@link #expiredRecords} expired records at the start of every iteration, topped up before
 * it in one {@code INSERT ... SELECT}, vacuumed and checkpointed, and Fenced's store on a
 * datasource over it.
 *
 * <p>With {@link #pruning}, a thread starts the store's prune ({@code prune(}{@link
 * #pruneLimit}{@code , }{@link #prunePauseMillis}{@code )}, batches of that many rows, each its own
 * statement, until one deletes fewer, with that pause between them) as the iteration starts, and
 * the iteration's end waits for it (and interrupts a paused one). The prune must still be running
 * when the iteration ends, so that every measured operation ran beside it: when it finished earlier
 * the benchmark fails, naming the time it took, rather than report a window that was partly quiet.
 * Without {@link #pruning} the same rows lie there untouched.
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

  /**
   * The pause after each full batch, in milliseconds: {@code prune(}{@link #pruneLimit}{@code ,
   * pause)}; 0 for none. A paused prune is interrupted when the iteration ends, which stops it at
   * its next pause (the next iteration tops the backlog up again).
   */
  @Param("0")
  public int prunePauseMillis;

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
    // the fill's dirty pages written now, not by a checkpoint in the middle of the measurement
    TABLE.run(pool, "CHECKPOINT");
    if (pruning) {
      pruneFailure = null;
      pruner = new Thread(this::prune, "prune");
      pruner.start();
    }
  }

  private void prune() {
    long start = System.nanoTime();
    try {
      pruned = store.prune(pruneLimit, Duration.ofMillis(prunePauseMillis));
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
    if (prunePauseMillis > 0) {
      pruner.interrupt(); // between its statements: an unpaused prune would fail its next one
    }
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
    System.err.printf(
        Locale.ROOT,
        "prune(%d, %d ms): %,d records in %,d ms, %,.0f per second%n",
        pruneLimit,
        prunePauseMillis,
        pruned,
        Duration.ofNanos(pruneNanos).toMillis(),
        pruned * 1e9 / pruneNanos);
  }

  @TearDown(Level.Trial)
  public void close() {
    pool.close();
  }
}
