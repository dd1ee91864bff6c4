package dev.fenced.benchmarks;

import dev.fenced.testservers.RedisTestServer;
import java.net.URI;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.ScanIteration;
import redis.clients.jedis.util.JedisURIHelper;

/**
 * The Redis every Redis benchmark of one trial shares: the server {@link RedisTestServer#get()}
 * names ({@code FENCED_TEST_REDIS_URL}, else an embedded one), one Jedis pool of {@value
 * #POOL_SIZE} connections for Fenced's stores and the bare scripts (built as the store's tests
 * build it), and a Redisson client with as many connections. Keys start with {@value #PREFIX} and a
 * random id per thread and trial; the keys of this JVM's run are deleted after each trial, nothing
 * is flushed.
 */
@State(Scope.Benchmark)
public class RedisDatabase {

  /** Connections of each client: one per thread at the most threads measured. */
  public static final int POOL_SIZE = 32;

  /** The key prefix of Fenced's stores and of the bare scripts. */
  static final String PREFIX = "fenced-bench:";

  JedisPooled jedis;
  RedissonClient redisson;

  @Setup(Level.Trial)
  public void open() {
    URI url = RedisTestServer.get().url();
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(POOL_SIZE);
    pool.setMaxIdle(POOL_SIZE);
    pool.setMaxWait(Duration.ofSeconds(5));
    jedis =
        new JedisPooled(
            new HostAndPort(url.getHost(), url.getPort()),
            DefaultJedisClientConfig.builder()
                .user(JedisURIHelper.getUser(url))
                .password(JedisURIHelper.getPassword(url))
                .database(JedisURIHelper.getDBIndex(url))
                .connectionTimeoutMillis(2000)
                .socketTimeoutMillis(2000)
                .build(),
            pool);
    Config config = new Config();
    config
        .useSingleServer()
        .setAddress(url.getScheme() + "://" + url.getHost() + ":" + url.getPort())
        .setUsername(JedisURIHelper.getUser(url))
        .setPassword(JedisURIHelper.getPassword(url))
        .setDatabase(JedisURIHelper.getDBIndex(url))
        .setConnectionPoolSize(POOL_SIZE)
        .setConnectionMinimumIdleSize(POOL_SIZE);
    redisson = Redisson.create(config);
  }

  @TearDown(Level.Trial)
  public void close() {
    deleteRunKeys();
    // no quiet period: the next trial should not wait for Netty's default two seconds
    redisson.shutdown(0, 5, TimeUnit.SECONDS);
    jedis.close();
  }

  /**
   * Deletes every key of this JVM's run ({@link KeySpace#RUN} is in each of them): the token
   * counters live a day, and other suites that list a shared Redis's keys would wade through them.
   */
  private void deleteRunKeys() {
    ScanIteration scan = jedis.scanIteration(1000, "*" + KeySpace.RUN + "*");
    while (!scan.isIterationCompleted()) {
      Collection<String> batch = scan.nextBatchList();
      if (!batch.isEmpty()) {
        jedis.unlink(batch.toArray(String[]::new));
      }
    }
  }
}
