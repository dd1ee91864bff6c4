package dev.fenced.store.redis;

import dev.fenced.testservers.RedisClusterServer;
import dev.fenced.testservers.RedisProcess;
import java.time.Duration;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link RedisFailoverTokens} on a Redis Cluster of 3 primaries with a replica each, through the
 * client a server builds from the seed nodes.
 */
class RedisClusterFailoverTest extends RedisFailoverTokens {

  private RedisClusterServer cluster;

  @Override
  UnifiedJedis connect() {
    cluster = RedisClusterServer.start(3, 1);
    return TestClients.configured(RedisSettings.URL, cluster.url());
  }

  @Override
  void stop() {
    cluster.close();
  }

  @Override
  RedisProcess primaryFor(byte[] keyName) {
    return cluster.primaryFor(keyName);
  }

  @Override
  RedisProcess replicaOf(RedisProcess primary) {
    return cluster.replicaOf(primary);
  }

  @Override
  void awaitPromoted(RedisProcess replica, Duration within) {
    cluster.awaitPromoted(replica, within);
  }
}
