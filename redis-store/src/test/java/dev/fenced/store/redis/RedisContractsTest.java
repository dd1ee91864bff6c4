package dev.fenced.store.redis;

import dev.fenced.testservers.RedisTestServer;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both store contracts on the shared test Redis ({@code FENCED_TEST_REDIS_URL}, else
 * Testcontainers, else the embedded binary), each store on its own key prefix.
 */
class RedisContractsTest extends RedisContracts {

  @Override
  UnifiedJedis connect() {
    return TestClients.pooled(RedisTestServer.get().url(), TestClients.POOL);
  }

  @Override
  String name() {
    return "shared";
  }
}
