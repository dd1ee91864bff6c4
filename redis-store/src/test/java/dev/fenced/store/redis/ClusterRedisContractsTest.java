package dev.fenced.store.redis;

import dev.fenced.testservers.RedisClusterServer;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both store contracts and the administration contracts on a Redis Cluster, through the client a
 * server builds from {@code fenced.redis.url} with the seed nodes: the Cluster that {@value
 * #URL_VARIABLE} names (seed nodes, e.g. {@code redis://10.0.0.5:7000,10.0.0.6:7000}), else one of
 * 3 primaries with a replica each that this test starts on loopback ports.
 */
class ClusterRedisContractsTest extends RedisContracts {

  /** The environment variable naming a Redis Cluster of one's own to run the suites on. */
  static final String URL_VARIABLE = "FENCED_TEST_REDIS_CLUSTER_URL";

  private RedisClusterServer cluster;

  @Override
  UnifiedJedis connect() {
    String url = System.getenv(URL_VARIABLE);
    if (url == null || url.isBlank()) {
      cluster = RedisClusterServer.start(3, 1);
      url = cluster.url();
    }
    return TestClients.configured(
        RedisSettings.URL, url.strip(), RedisSettings.TOPOLOGY, "cluster");
  }

  @Override
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  String name() {
    return "cluster";
  }
}
