package dev.fenced.arquillian.harness;

import dev.fenced.testservers.RedisClusterServer;

/**
 * The Redis a run on Redis gives the servers: with {@value #PROPERTY}{@code =cluster} a Redis
 * Cluster of 3 primaries with a replica each, started in this JVM on loopback ports before the
 * first test class (its processes end with the JVM), and {@code fenced.redis.url} lists its
 * primaries as seed nodes; otherwise the test Redis ({@link StoreLink#redisUrl()}).
 */
final class RedisTckTopology {

  /** The system property naming the topology: {@code cluster}, or unset. */
  static final String PROPERTY = "fenced.tck.redis.topology";

  private static RedisClusterServer cluster;

  private RedisTckTopology() {}

  /**
   * Whether this run puts the store on a Redis Cluster.
   *
   * @return {@code true} when {@value #PROPERTY} is {@code cluster}
   */
  static boolean cluster() {
    return "cluster".equals(System.getProperty(PROPERTY));
  }

  /**
   * The {@code fenced.redis.url} the servers get, starting the Cluster on first use.
   *
   * @return the URL
   */
  static synchronized String url() {
    if (!cluster()) {
      return StoreLink.redisUrl().toString();
    }
    if (cluster == null) {
      cluster = RedisClusterServer.start(3, 1);
    }
    return cluster.url();
  }
}
