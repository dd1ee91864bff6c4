package dev.fenced.benchmarks;

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
 * A first request in Redis: a new key claimed and its outcome recorded, by Fenced's {@link
 * RedisIdempotencyStore} ({@code acquire} + {@code complete}) and by the same two scripts bare
 * ({@code EVALSHA} over the same Jedis pool): two round trips, the limit of a store that runs these
 * scripts. Records expire after {@value #RECORD_TTL_MILLIS} ms. No peer: Redisson has no
 * idempotency store.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RedisIdempotencyBenchmark {

  static final long LOCK_TTL_MILLIS = 30_000;
  static final long RECORD_TTL_MILLIS = 600_000;
  static final byte[] LOCK_TTL = Long.toString(LOCK_TTL_MILLIS).getBytes(US_ASCII);
  static final byte[] RECORD_TTL = Long.toString(RECORD_TTL_MILLIS).getBytes(US_ASCII);
  static final byte[] FINGERPRINT = PostgresIdempotencyBenchmark.FINGERPRINT.getBytes(UTF_8);

  private RedisIdempotencyStore fenced;
  private FencedScript acquire;
  private FencedScript complete;

  @Setup(Level.Trial)
  public void open(RedisDatabase database) {
    fenced = new RedisIdempotencyStore(database.jedis, RedisDatabase.PREFIX);
    acquire = FencedScript.load(database.jedis, "idempotency-acquire.lua");
    complete = FencedScript.load(database.jedis, "idempotency-complete.lua");
  }

  /** Fenced: {@code acquire} of a new key, then {@code complete}. */
  @Benchmark
  public boolean fencedAcquireComplete(KeySpace keys) {
    String key = keys.freshKey();
    AcquireResult result =
        fenced.acquire(key, keys.owner, PostgresIdempotencyBenchmark.FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(result instanceof AcquireResult.Acquired)) {
      throw new IllegalStateException("a new key was not acquired: " + key + " " + result);
    }
    if (!fenced.complete(
        key, keys.owner, PostgresIdempotencyBenchmark.PAYLOAD, RECORD_TTL_MILLIS)) {
      throw new IllegalStateException("an acquired key was not completed: " + key);
    }
    return true;
  }

  /** The limit: the store's two scripts, by {@code EVALSHA}. */
  @Benchmark
  public boolean bareAcquireComplete(KeySpace keys) {
    String key = keys.freshKey();
    List<byte[]> record = List.of(FencedScript.keyName("idem", key));
    byte[] owner = keys.owner.getBytes(UTF_8);
    List<?> claim = (List<?>) acquire.run(record, List.of(owner, FINGERPRINT, LOCK_TTL));
    if (!"acquired".equals(new String((byte[]) claim.get(0), US_ASCII))) {
      throw new IllegalStateException("a new key was not acquired: " + key);
    }
    if ((Long)
            complete.run(record, List.of(owner, PostgresIdempotencyBenchmark.PAYLOAD, RECORD_TTL))
        != 1L) {
      throw new IllegalStateException("an acquired key was not completed: " + key);
    }
    return true;
  }
}
