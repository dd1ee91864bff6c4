package dev.fenced.benchmarks;

import static dev.fenced.benchmarks.RedisLockBenchmark.COUNTER_KEPT;
import static dev.fenced.benchmarks.RedisLockBenchmark.TTL;
import static dev.fenced.benchmarks.RedisLockBenchmark.TTL_MILLIS;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.store.redis.RedisLockStore;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.redisson.api.RLock;

/**
 * Many threads (32 unless {@code -t} says otherwise) trying for few locks ({@link #locks}, 4) in
 * Redis: each call tries to acquire the next of the shared keys and, when it wins, releases it at
 * once; a refusal is a valid outcome. Fenced's {@link RedisLockStore}, the same scripts bare, and
 * Redisson's {@link RLock} ({@code tryLock} with no wait). The score counts attempts, won or lost.
 *
 * <p>Redis runs one script at a time, so contention costs no waiting on the server: a refused
 * attempt is one round trip, a won one two. The bare scripts are that limit.
 */
@State(Scope.Benchmark)
@Threads(32)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RedisContendedLockBenchmark {

  /** How many keys all threads share. */
  @Param("4")
  public int locks;

  private RedisDatabase database;
  private RedisLockStore fenced;
  private FencedScript acquire;
  private FencedScript release;
  private String[] keys;

  @Setup(Level.Trial)
  public void open(RedisDatabase database) {
    this.database = database;
    fenced = new RedisLockStore(database.jedis, RedisDatabase.PREFIX);
    acquire = FencedScript.load(database.jedis, "lock-acquire.lua");
    release = FencedScript.load(database.jedis, "lock-release.lua");
    String prefix = KeySpace.RUN + "contended-" + UUID.randomUUID().toString().substring(0, 8);
    keys = new String[locks];
    for (int i = 0; i < locks; i++) {
      keys[i] = prefix + "-" + i;
    }
  }

  /** Fenced: {@code acquire}, and {@code release} when won; the token, or 0 when refused. */
  @Benchmark
  public long fenced(KeySpace thread) {
    return LockRound.tryContended(fenced, keys[thread.next() % locks], thread.owner, TTL_MILLIS);
  }

  /** The limit: the store's scripts, by {@code EVALSHA}. */
  @Benchmark
  public long bare(KeySpace thread) {
    String key = keys[thread.next() % locks];
    byte[] lock = FencedScript.keyName("lock", key);
    byte[] owner = thread.owner.getBytes(UTF_8);
    long token =
        (Long)
            acquire.run(
                List.of(lock, FencedScript.keyName("token", key)),
                List.of(owner, TTL, COUNTER_KEPT));
    if (token > 0 && (Long) release.run(List.of(lock), List.of(owner)) != 1L) {
      throw new IllegalStateException("a held lock was not released: " + key);
    }
    return token;
  }

  /** Redisson: {@code tryLock(0, lease)}, and {@code unlock} when won. */
  @Benchmark
  public boolean redisson(KeySpace thread) throws InterruptedException {
    String key = keys[thread.next() % locks];
    RLock lock = database.redisson.getLock("redisson-bench:{" + key + "}");
    boolean won = lock.tryLock(0, TTL_MILLIS, TimeUnit.MILLISECONDS);
    if (won) {
      lock.unlock();
    }
    return won;
  }
}
