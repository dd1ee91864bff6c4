package dev.fenced.store.redis;

import dev.fenced.testservers.RedisTestServer;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both contracts against the embedded Redis 6.2 binary from Maven, whatever {@code
 * FENCED_TEST_REDIS_URL} says: the path a machine without the URL and without Docker takes.
 */
class EmbeddedRedisContractsTest extends RedisContracts {

  @Override
  UnifiedJedis connect() {
    return TestClients.pooled(RedisTestServer.embedded().url(), TestClients.POOL);
  }

  @Override
  String name() {
    return "embedded";
  }
}
