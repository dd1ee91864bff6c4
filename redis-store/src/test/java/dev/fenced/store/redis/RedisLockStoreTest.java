package dev.fenced.store.redis;

import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.LockStoreContract;
import dev.fenced.tck.support.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.JedisPooled;

/**
 * The lock contract against the shared test Redis ({@code FENCED_TEST_REDIS_URL}, else
 * Testcontainers, else the embedded binary) through a pooled client.
 */
class RedisLockStoreTest extends LockStoreContract {

  private static JedisPooled client;
  private static LockStore store;

  @BeforeAll
  static void connect() {
    client = TestClients.pooled(RedisTestServer.get().url(), TestClients.POOL);
    store = new RedisLockStore(client, TestClients.uniquePrefix("lock-contract"));
  }

  @AfterAll
  static void disconnect() {
    client.close();
  }

  @Override
  protected LockStore store() {
    return store;
  }
}
