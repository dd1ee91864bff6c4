package dev.fenced.store.redis;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.eclipse.microprofile.config.Config;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.JedisURIHelper;

/**
 * The pooled Redis client of the {@code redis} stores in a server: built from MicroProfile Config
 * ({@code fenced.redis.url}, {@code fenced.redis.pool.*}) when first used and closed when the
 * application stops, after Fenced has finished running work and released its locks (its
 * application-scoped beans are destroyed last).
 */
@ApplicationScoped
public class RedisConnection {

  private static final Logger LOG = System.getLogger(RedisConnection.class.getName());

  @Inject Config config;

  private JedisPooled client;
  private String keyPrefix;

  @PostConstruct
  void connect() {
    RedisSettings settings =
        RedisSettings.read(key -> config.getOptionalValue(key, String.class).orElse(null));
    client = pooled(settings);
    keyPrefix = settings.keyPrefix();
    warnUnlessNoEviction(client);
  }

  @PreDestroy
  void close() {
    if (client != null) {
      client.close();
    }
  }

  /** The shared client. */
  UnifiedJedis client() {
    return client;
  }

  /** The key prefix of this application's records and locks. */
  String keyPrefix() {
    return keyPrefix;
  }

  static JedisPooled pooled(RedisSettings settings) {
    GenericObjectPoolConfig<Connection> pool = new ConnectionPoolConfig();
    pool.setMaxTotal(settings.maxTotal());
    pool.setMaxIdle(settings.maxIdle());
    pool.setMinIdle(settings.minIdle());
    pool.setMaxWait(Duration.ofMillis(settings.maxWaitMillis()));
    pool.setBlockWhenExhausted(true);
    JedisClientConfig client =
        DefaultJedisClientConfig.builder()
            .connectionTimeoutMillis(settings.timeoutMillis())
            .socketTimeoutMillis(settings.timeoutMillis())
            .user(JedisURIHelper.getUser(settings.url()))
            .password(JedisURIHelper.getPassword(settings.url()))
            .database(JedisURIHelper.getDBIndex(settings.url()))
            .ssl(JedisURIHelper.isRedisSSLScheme(settings.url()))
            .clientName("fenced")
            .build();
    return new JedisPooled(JedisURIHelper.getHostAndPort(settings.url()), client, pool);
  }

  /**
   * Logs a WARNING unless Redis runs with {@code maxmemory-policy noeviction}: an evicted token
   * counter would hand out a fencing token again. Managed services that forbid {@code CONFIG} are
   * logged at INFO and left alone. The readiness check ({@link RedisReadiness}) reports the same.
   *
   * @return the policy, or {@code null} when it could not be read
   */
  static String warnUnlessNoEviction(UnifiedJedis jedis) {
    Optional<String> policy = RedisReadiness.config(jedis, "maxmemory-policy");
    if (policy.isEmpty()) {
      LOG.log(
          Level.INFO,
          "Fenced could not read Redis's maxmemory-policy; make sure it is noeviction, or fencing"
              + " tokens may be handed out again");
      return null;
    }
    if (!RedisReadiness.NO_EVICTION.equals(policy.get())) {
      LOG.log(
          Level.WARNING,
          "Redis runs with maxmemory-policy "
              + policy.get()
              + ": it may evict Fenced's token counters and records, handing a fencing token out"
              + " again and running a repeated request twice. Set maxmemory-policy noeviction.");
    }
    return policy.get();
  }
}
