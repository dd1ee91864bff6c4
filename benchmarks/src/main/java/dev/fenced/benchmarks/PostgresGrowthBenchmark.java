package dev.fenced.benchmarks;

import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.FINGERPRINT;
import static dev.fenced.benchmarks.PostgresIdempotencyBenchmark.LOCK_TTL_MILLIS;

import dev.fenced.idempotency.spi.AcquireResult;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * The PostgreSQL store as its records table grows: a first request's {@code acquire} of a new key
 * and a replay's {@code acquire} of a completed one drawn at random, on a table of {@link
 * GrowthTable#liveRecords} live records. Both are one statement on the primary key ({@code
 * key_hash}); a claim also inserts into the {@code expires_at} index. {@link Growth} runs it for
 * 10^4, 10^5 and 10^6 records and prints the latencies beside those at 10^4.
 */
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PostgresGrowthBenchmark {

  /** A first request's claim of a key never used before. */
  @Benchmark
  public AcquireResult acquire(GrowthTable table, KeySpace keys) {
    return PostgresIdempotencyBenchmark.claim(table.store, keys.freshKey(), keys.owner);
  }

  /** A replay of one of the table's completed records, drawn at random. */
  @Benchmark
  public byte[] replay(GrowthTable table, KeySpace keys) {
    String key = table.anyLiveKey();
    AcquireResult result = table.store.acquire(key, keys.owner, FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(result instanceof AcquireResult.Completed completed)) {
      throw new IllegalStateException("a completed key did not replay: " + key + " " + result);
    }
    return completed.payload();
  }
}
