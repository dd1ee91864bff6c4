package dev.fenced.store.redis;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.JedisURIHelper;

/** Clients and key prefixes for the tests. */
final class TestClients {

  /**
   * Pool size of the suites' client: 16, the default of a server, so the 32 racing callers also
   * wait for connections.
   */
  static final int POOL = 16;

  private TestClients() {}

  /** A pooled client as a server would build it, with {@code maxTotal} connections. */
  static JedisPooled pooled(URI url, int maxTotal) {
    return pooled(url, maxTotal, Duration.ofSeconds(5));
  }

  /** A pooled client whose callers wait at most {@code maxWait} for a free connection. */
  static JedisPooled pooled(URI url, int maxTotal, Duration maxWait) {
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(maxTotal);
    pool.setMaxIdle(maxTotal);
    pool.setMaxWait(maxWait);
    return new JedisPooled(
        new HostAndPort(url.getHost(), url.getPort()),
        DefaultJedisClientConfig.builder()
            .user(JedisURIHelper.getUser(url))
            .password(JedisURIHelper.getPassword(url))
            .database(JedisURIHelper.getDBIndex(url))
            .connectionTimeoutMillis(2000)
            .socketTimeoutMillis(2000)
            .build(),
        pool);
  }

  /**
   * The client a server builds from {@code fenced.redis.*} ({@link RedisSettings}, {@link
   * RedisConnection#connect}), with a pool of {@value #POOL} per node.
   *
   * @param keysAndValues config keys, each followed by its value
   * @return the client, which the caller closes
   */
  static UnifiedJedis configured(String... keysAndValues) {
    Map<String, String> config = new HashMap<>();
    config.put("fenced.redis.pool.max-total", Integer.toString(POOL));
    config.put("fenced.redis.pool.max-idle", Integer.toString(POOL));
    for (int i = 0; i < keysAndValues.length; i += 2) {
      config.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return RedisConnection.connect(RedisSettings.read(config::get));
  }

  /** A prefix no other test or suite uses, so nothing needs flushing. */
  static String uniquePrefix(String what) {
    return "fenced-test:" + what + ":" + UUID.randomUUID() + ":";
  }
}
