package dev.fenced.store.redis;

import dev.fenced.tck.support.RedisClusterServer;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both store contracts and the administration contracts on a Redis Cluster of 3 primaries with a
 * replica each, started by this test on loopback ports, through the client a server builds from
 * {@code fenced.redis.url} with the seed nodes.
 */
class ClusterRedisContractsTest extends RedisContracts {

  private RedisClusterServer cluster;

  @Override
  UnifiedJedis connect() {
    cluster = RedisClusterServer.start(3, 1);
    return TestClients.configured(RedisSettings.URL, cluster.url());
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
