package dev.fenced.store.redis;

import java.time.Duration;
import java.util.LinkedHashSet;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.JedisSentineled;
import redis.clients.jedis.UnifiedJedis;

/**
 * How the Redis of {@code fenced.redis.url} is laid out ({@code fenced.redis.topology}), and the
 * client each needs. Every client is a pooled {@link UnifiedJedis}, so the stores run the same
 * scripts on each.
 */
enum RedisTopology {

  /** One server (a primary, perhaps with replicas no client reads from): {@link JedisPooled}. */
  STANDALONE {
    @Override
    UnifiedJedis connect(RedisSettings settings, GenericObjectPoolConfig<Connection> pool) {
      return new JedisPooled(settings.address().nodes().get(0), client(settings), pool);
    }
  },

  /**
   * A Redis Cluster reached through its seed nodes: {@link JedisCluster}, which follows {@code
   * MOVED} and {@code ASK} and learns new primaries after a failover. A call that keeps meeting a
   * failing node gives up after {@code fenced.redis.timeout} in all.
   */
  CLUSTER {
    @Override
    UnifiedJedis connect(RedisSettings settings, GenericObjectPoolConfig<Connection> pool) {
      return new JedisCluster(
          new LinkedHashSet<>(settings.address().nodes()),
          client(settings),
          MAX_ATTEMPTS,
          Duration.ofMillis(settings.timeoutMillis()),
          pool);
    }
  },

  /**
   * A primary and its replicas watched by Redis Sentinel: {@link JedisSentineled} asks the
   * sentinels of {@code fenced.redis.url} for the primary of {@code fenced.redis.sentinel.master}
   * and follows it when the sentinels promote a replica.
   */
  SENTINEL {
    @Override
    UnifiedJedis connect(RedisSettings settings, GenericObjectPoolConfig<Connection> pool) {
      JedisClientConfig sentinels =
          tls(
                  DefaultJedisClientConfig.builder()
                      .connectionTimeoutMillis(settings.timeoutMillis())
                      .socketTimeoutMillis(settings.timeoutMillis())
                      .user(settings.sentinelUser())
                      .password(settings.sentinelPassword())
                      .clientName(CLIENT_NAME),
                  settings)
              .build();
      return new JedisSentineled(
          settings.sentinelMaster(),
          client(settings),
          pool,
          new LinkedHashSet<>(settings.address().nodes()),
          sentinels);
    }
  };

  /** The name Fenced's connections give themselves ({@code CLIENT LIST}). */
  static final String CLIENT_NAME = "fenced";

  /** How often a Cluster call is tried on a node that moved or failed, within the timeout. */
  private static final int MAX_ATTEMPTS = 5;

  /**
   * Builds the client. Nothing is connected yet for a single server; a Cluster client reads the
   * slot map and a Sentinel client asks for the primary now, so they throw when nothing answers.
   *
   * @param settings the settings
   * @param pool the connection pool of each node
   * @return the client, which its caller closes
   */
  abstract UnifiedJedis connect(RedisSettings settings, GenericObjectPoolConfig<Connection> pool);

  /** The settings of a connection to a data node. */
  static JedisClientConfig client(RedisSettings settings) {
    return tls(
            DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(settings.timeoutMillis())
                .socketTimeoutMillis(settings.timeoutMillis())
                .user(settings.user())
                .password(settings.password())
                .database(settings.address().database())
                .clientName(CLIENT_NAME),
            settings)
        .build();
  }

  private static DefaultJedisClientConfig.Builder tls(
      DefaultJedisClientConfig.Builder builder, RedisSettings settings) {
    if (settings.address().tls()) {
      builder.ssl(true).sslOptions(settings.tls().sslOptions());
    }
    return builder;
  }
}
