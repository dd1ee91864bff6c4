package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.support.RedisTestServer;
import java.net.URI;
import redis.clients.jedis.JedisPooled;

/**
 * Both store contracts on the shared test Redis ({@code FENCED_TEST_REDIS_URL}, else
 * Testcontainers, else the embedded binary), each store on its own key prefix.
 */
class RedisContractsTest extends RedisContracts {

  @Override
  URI url() {
    return RedisTestServer.get().url();
  }

  @Override
  IdempotencyStore idempotencyStore(JedisPooled client) {
    return new RedisIdempotencyStore(client, TestClients.uniquePrefix("idem-contract"));
  }

  @Override
  LockStore lockStore(JedisPooled client) {
    return new RedisLockStore(client, TestClients.uniquePrefix("lock-contract"));
  }
}
