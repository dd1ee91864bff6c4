package dev.fenced.store.redis;

import dev.fenced.testservers.RedisProcess;
import dev.fenced.testservers.RedisSentinelServer;
import java.time.Duration;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link RedisFailoverTokens} through Redis Sentinel (a primary, a replica, 3 sentinels), through
 * the client a server builds from the sentinels and the master name: the sentinels promote the
 * replica and the client follows them.
 */
class RedisSentinelFailoverTest extends RedisFailoverTokens {

  private RedisSentinelServer sentinel;

  @Override
  UnifiedJedis connect() {
    sentinel = RedisSentinelServer.start("fenced-failover");
    return TestClients.configured(
        RedisSettings.URL, sentinel.url(), RedisSettings.SENTINEL_MASTER, sentinel.masterName());
  }

  @Override
  void stop() {
    sentinel.close();
  }

  @Override
  RedisProcess primaryFor(byte[] keyName) {
    return sentinel.primary();
  }

  @Override
  RedisProcess replicaOf(RedisProcess primary) {
    return sentinel.replica();
  }

  @Override
  void awaitPromoted(RedisProcess replica, Duration within) {
    sentinel.awaitPromoted(replica, within);
  }
}
