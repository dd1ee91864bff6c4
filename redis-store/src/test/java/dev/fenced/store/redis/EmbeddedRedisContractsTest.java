package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.support.RedisTestServer;
import java.net.URI;
import redis.clients.jedis.JedisPooled;

/**
 * Both contracts against the embedded Redis 6.2 binary from Maven, whatever {@code
 * FENCED_TEST_REDIS_URL} says: the path a machine without the URL and without Docker takes.
 */
class EmbeddedRedisContractsTest extends RedisContracts {

  @Override
  URI url() {
    return RedisTestServer.embedded().url();
  }

  @Override
  IdempotencyStore idempotencyStore(JedisPooled client) {
    return new RedisIdempotencyStore(client, TestClients.uniquePrefix("idem-embedded"));
  }

  @Override
  LockStore lockStore(JedisPooled client) {
    return new RedisLockStore(client, TestClients.uniquePrefix("lock-embedded"));
  }
}
