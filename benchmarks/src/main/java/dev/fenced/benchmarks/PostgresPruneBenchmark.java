package dev.fenced.benchmarks;

import dev.fenced.idempotency.spi.AcquireResult;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * A first request's {@code acquire} on PostgreSQL while the store prunes a backlog of expired
 * records, and beside the same backlog left alone ({@link PruneBacklog#pruning}). The prune's
 * {@code DELETE ... WHERE key_hash IN (SELECT ... ORDER BY expires_at LIMIT n FOR UPDATE SKIP
 * LOCKED)} skips rows another statement holds and takes no lock on the table, so what it can cost
 * an acquire is the server's work and the disk's: {@link Growth} prints both latencies side by
 * side.
 */
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PostgresPruneBenchmark {

  /** A first request's claim of a key never used before. */
  @Benchmark
  public AcquireResult acquire(PruneBacklog backlog, KeySpace keys) {
    return PostgresIdempotencyBenchmark.claim(backlog.store, keys.freshKey(), keys.owner);
  }
}
