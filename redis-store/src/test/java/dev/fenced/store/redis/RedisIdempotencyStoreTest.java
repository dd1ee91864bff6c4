package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.support.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.JedisPooled;

/**
 * The idempotency contract against the shared test Redis ({@code FENCED_TEST_REDIS_URL}, else
 * Testcontainers, else the embedded binary) through a pooled client.
 */
class RedisIdempotencyStoreTest extends IdempotencyStoreContract {

  private static JedisPooled client;
  private static IdempotencyStore store;

  @BeforeAll
  static void connect() {
    client = TestClients.pooled(RedisTestServer.get().url(), TestClients.POOL);
    store = new RedisIdempotencyStore(client, TestClients.uniquePrefix("idem-contract"));
  }

  @AfterAll
  static void disconnect() {
    client.close();
  }

  @Override
  protected IdempotencyStore store() {
    return store;
  }
}
