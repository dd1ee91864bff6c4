package dev.fenced.benchmarks;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.store.redis.RedisLockStore;
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
import org.redisson.api.RLock;

/**
 * A lock taken and given back in Redis, each thread on keys of its own (uncontended): Fenced's
 * {@link RedisLockStore} ({@code acquire} + {@code release}), the same two scripts bare ({@code
 * EVALSHA} over the same Jedis pool), and Redisson's {@link RLock} ({@code tryLock} with no wait
 * and a lease, then {@code unlock}).
 *
 * <p>The bare pair is the limit of a store that runs these scripts: two round trips, nothing around
 * them. Fenced adds only Java work per call (argument checks, key escaping, reply decoding).
 * Redisson sends its own scripts (a reentrant hash per lock, a {@code PUBLISH} to waiters on
 * unlock), with a lease given here so that no watchdog renews it.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RedisLockBenchmark {

  static final long TTL_MILLIS = 30_000;
  static final byte[] TTL = Long.toString(TTL_MILLIS).getBytes(US_ASCII);

  /** How long a token counter outlives its lock: the store's {@code COUNTER_KEPT_MILLIS}. */
  static final byte[] COUNTER_KEPT = "86400000".getBytes(US_ASCII);

  private RedisDatabase database;
  private RedisLockStore fenced;
  private FencedScript acquire;
  private FencedScript release;

  @Setup(Level.Trial)
  public void open(RedisDatabase database) {
    this.database = database;
    fenced = new RedisLockStore(database.jedis, RedisDatabase.PREFIX);
    acquire = FencedScript.load(database.jedis, "lock-acquire.lua");
    release = FencedScript.load(database.jedis, "lock-release.lua");
  }

  /** Fenced: {@code acquire} then {@code release}, one {@code EVALSHA} each. */
  @Benchmark
  public long fenced(KeySpace keys) {
    return LockRound.takeFree(fenced, keys.key(keys.next()), keys.owner, TTL_MILLIS);
  }

  /** The limit: the store's two scripts, by {@code EVALSHA}. */
  @Benchmark
  public long bare(KeySpace keys) {
    String key = keys.key(keys.next());
    byte[] lock = FencedScript.keyName("lock", key);
    byte[] owner = keys.owner.getBytes(UTF_8);
    long token =
        (Long)
            acquire.run(
                List.of(lock, FencedScript.keyName("token", key)),
                List.of(owner, TTL, COUNTER_KEPT));
    if (token <= 0) {
      throw new IllegalStateException("a free lock was refused: " + key);
    }
    if ((Long) release.run(List.of(lock), List.of(owner)) != 1L) {
      throw new IllegalStateException("a held lock was not released: " + key);
    }
    return token;
  }

  /** Redisson: {@code tryLock(0, lease)} then {@code unlock}. */
  @Benchmark
  public RLock redisson(KeySpace keys) throws InterruptedException {
    String key = keys.key(keys.next());
    RLock lock = database.redisson.getLock("redisson-bench:{" + key + "}");
    if (!lock.tryLock(0, TTL_MILLIS, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("a free lock was refused: " + key);
    }
    lock.unlock();
    return lock;
  }
}
