package dev.fenced.store.redis;

import dev.fenced.testservers.RedisSentinelServer;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both store contracts and the administration contracts through Redis Sentinel (a primary, a
 * replica and 3 sentinels, started by this test on loopback ports), through the client a server
 * builds from {@code fenced.redis.url} with the sentinels and {@code fenced.redis.sentinel.master}.
 */
class SentinelRedisContractsTest extends RedisContracts {

  private RedisSentinelServer sentinel;

  @Override
  UnifiedJedis connect() {
    if (sentinel == null) {
      sentinel = RedisSentinelServer.start("fenced-contracts");
    }
    return TestClients.configured(
        RedisSettings.URL, sentinel.url(), RedisSettings.SENTINEL_MASTER, sentinel.masterName());
  }

  @Override
  void stop() {
    if (sentinel != null) {
      sentinel.close();
    }
  }

  @Override
  String name() {
    return "sentinel";
  }
}
