package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockStoreContract;
import dev.fenced.tck.support.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import redis.clients.jedis.JedisPooled;

/**
 * Both contracts against the embedded Redis 6.2 binary from Maven, whatever {@code
 * FENCED_TEST_REDIS_URL} says: the path a machine without the URL and without Docker takes.
 */
class EmbeddedRedisContractsTest {

  private static JedisPooled client;

  @BeforeAll
  static void connect() {
    client = TestClients.pooled(RedisTestServer.embedded().url(), TestClients.POOL);
  }

  @AfterAll
  static void disconnect() {
    client.close();
  }

  @Nested
  class Idempotency extends IdempotencyStoreContract {
    private final IdempotencyStore store =
        new RedisIdempotencyStore(client, TestClients.uniquePrefix("idem-embedded"));

    @Override
    protected IdempotencyStore store() {
      return store;
    }
  }

  @Nested
  class Locks extends LockStoreContract {
    private final LockStore store =
        new RedisLockStore(client, TestClients.uniquePrefix("lock-embedded"));

    @Override
    protected LockStore store() {
      return store;
    }
  }
}
