package dev.fenced.benchmarks;

import static dev.fenced.benchmarks.RedisIdempotencyBenchmark.FINGERPRINT;
import static dev.fenced.benchmarks.RedisIdempotencyBenchmark.LOCK_TTL;
import static dev.fenced.benchmarks.RedisIdempotencyBenchmark.LOCK_TTL_MILLIS;
import static dev.fenced.benchmarks.RedisIdempotencyBenchmark.RECORD_TTL_MILLIS;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.redis.RedisIdempotencyStore;
import java.util.List;
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
 * A repeated request in Redis: {@code acquire} of a key whose outcome is already recorded, by
 * Fenced's {@link RedisIdempotencyStore} and by the same script bare. Each thread completes its
 * keys before the trial (through the store, untimed), then replays them in turn. The script reads
 * the record and answers {@code completed} with the outcome in one {@code EVALSHA}: the bare call
 * is that one round trip, the limit.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RedisReplayBenchmark {

  private RedisIdempotencyStore fenced;
  private FencedScript acquire;
  private KeySpace keys;

  @Setup(Level.Trial)
  public void open(RedisDatabase database, KeySpace keys) {
    // the thread's keys, kept: JMH gives a benchmark method's KeySpace parameter another instance
    this.keys = keys;
    fenced = new RedisIdempotencyStore(database.jedis, RedisDatabase.PREFIX);
    acquire = FencedScript.load(database.jedis, "idempotency-acquire.lua");
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.key(i);
      if (!(fenced.acquire(
                  key, keys.owner, PostgresIdempotencyBenchmark.FINGERPRINT, LOCK_TTL_MILLIS)
              instanceof AcquireResult.Acquired)
          || !fenced.complete(
              key, keys.owner, PostgresIdempotencyBenchmark.PAYLOAD, RECORD_TTL_MILLIS)) {
        throw new IllegalStateException("cannot record the outcome to replay of " + key);
      }
    }
  }

  /** Fenced: {@code acquire} answers {@code Completed} with the stored outcome. */
  @Benchmark
  public byte[] fencedReplay() {
    String key = keys.key(keys.next());
    AcquireResult result =
        fenced.acquire(key, keys.owner, PostgresIdempotencyBenchmark.FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(result instanceof AcquireResult.Completed completed)) {
      throw new IllegalStateException("a completed key did not replay: " + key + " " + result);
    }
    return completed.payload();
  }

  /** The limit: the store's acquire script, by {@code EVALSHA}. */
  @Benchmark
  public byte[] bareReplay() {
    String key = keys.key(keys.next());
    List<?> reply =
        (List<?>)
            acquire.run(
                List.of(FencedScript.keyName("idem", key)),
                List.of(keys.owner.getBytes(UTF_8), FINGERPRINT, LOCK_TTL));
    if (!"completed".equals(new String((byte[]) reply.get(0), US_ASCII))) {
      throw new IllegalStateException("a completed key did not replay: " + key);
    }
    return (byte[]) reply.get(2);
  }
}
