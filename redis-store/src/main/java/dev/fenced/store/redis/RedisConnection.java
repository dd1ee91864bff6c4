package dev.fenced.store.redis;

import dev.fenced.DeploymentProblem;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.eclipse.microprofile.config.Config;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis client of the {@code redis} stores in a server. Either the application's own: a {@link
 * UnifiedJedis} CDI bean qualified {@link FencedRedis} (a {@code JedisPooled}, {@code
 * JedisCluster}, {@code JedisSentineled}, ...), which Fenced uses and never closes; or one built
 * from MicroProfile Config ({@code fenced.redis.url}, {@code fenced.redis.topology}, {@code
 * fenced.redis.pool.*}, {@link RedisSettings}) when first used, and closed when the application
 * stops, after Fenced has finished running work and released its locks (its application-scoped
 * beans are destroyed last).
 */
@ApplicationScoped
public class RedisConnection {

  private static final Logger LOG = System.getLogger(RedisConnection.class.getName());

  @Inject Config config;

  @Inject @FencedRedis Instance<UnifiedJedis> provided;

  private UnifiedJedis client;
  private boolean owned;
  private String keyPrefix;
  private Duration clockSkewWarning;
  private RedisSettings settings;

  @PostConstruct
  void connect() {
    Function<String, String> values =
        key -> config.getOptionalValue(key, String.class).orElse(null);
    keyPrefix = RedisSettings.keyPrefix(values);
    clockSkewWarning = RedisSettings.clockSkewWarning(values);
    if (provided.isAmbiguous()) {
      throw new IllegalArgumentException(DeploymentProblem.REDIS_CLIENT_AMBIGUOUS.format());
    }
    if (provided.isResolvable()) {
      if (values.apply(RedisSettings.URL) != null) {
        throw new IllegalArgumentException(
            DeploymentProblem.REDIS_CLIENT_TWICE.format(RedisSettings.URL));
      }
      client = provided.get();
      owned = false;
    } else {
      settings = RedisSettings.read(values);
      client = connect(settings);
      owned = true;
      LOG.log(Level.INFO, () -> "Fenced's Redis client: " + settings);
    }
    warnUnlessNoEviction(client);
  }

  @PreDestroy
  void close() {
    if (client != null && owned) {
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

  /** {@code fenced.redis.clock-skew-warning}, for the readiness ({@link RedisClockCheck}). */
  Duration clockSkewWarning() {
    return clockSkewWarning;
  }

  /**
   * How long a call may wait for Redis: {@code fenced.redis.timeout}, or {@link
   * RedisIdempotencyStore#DEFAULT_WATCH_TIMEOUT} when the application provides the client.
   */
  Duration timeout() {
    return settings()
        .map(s -> Duration.ofMillis(s.timeoutMillis()))
        .orElse(RedisIdempotencyStore.DEFAULT_WATCH_TIMEOUT);
  }

  /** The settings the client was built from; empty when the application provides it. */
  Optional<RedisSettings> settings() {
    return Optional.ofNullable(settings);
  }

  /**
   * Builds the client the settings describe, with a pool of {@code fenced.redis.pool.*} per node.
   *
   * @param settings the settings
   * @return the client, which its caller closes
   */
  static UnifiedJedis connect(RedisSettings settings) {
    GenericObjectPoolConfig<Connection> pool = new ConnectionPoolConfig();
    pool.setMaxTotal(settings.maxTotal());
    pool.setMaxIdle(settings.maxIdle());
    pool.setMinIdle(settings.minIdle());
    pool.setMaxWait(Duration.ofMillis(settings.maxWaitMillis()));
    pool.setBlockWhenExhausted(true);
    return settings.topology().connect(settings, pool);
  }

  /**
   * Logs a WARNING unless Redis runs with {@code maxmemory-policy noeviction}: an evicted record
   * would let a repeat run again. Managed services that forbid {@code CONFIG} are logged at INFO
   * and left alone. The readiness check ({@link RedisReadiness}) reports the same.
   *
   * @return the policy, or {@code null} when it could not be read
   */
  static String warnUnlessNoEviction(UnifiedJedis jedis) {
    Optional<String> policy = RedisReadiness.config(jedis, "maxmemory-policy");
    if (policy.isEmpty()) {
      LOG.log(
          Level.INFO,
          "Fenced could not read Redis's maxmemory-policy; make sure it is noeviction, or an"
              + " evicted record may let a repeated request run twice");
      return null;
    }
    if (!RedisReadiness.NO_EVICTION.equals(policy.get())) {
      LOG.log(
          Level.WARNING,
          "Redis runs with maxmemory-policy "
              + policy.get()
              + ": it may evict Fenced's records and locks, running a repeated request twice."
              + " Set maxmemory-policy noeviction.");
    }
    return policy.get();
  }
}
