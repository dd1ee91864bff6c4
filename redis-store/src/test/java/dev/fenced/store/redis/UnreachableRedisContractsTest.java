package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.UnreachableIdempotencyStoreContract;
import dev.fenced.tck.store.UnreachableLockStoreContract;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.JedisPooled;

/**
 * Both unreachable-store contracts on a Redis URL where nothing listens (127.0.0.1, port 1): every
 * store method throws {@code StoreUnavailableException} in time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnreachableRedisContractsTest {

  private final JedisPooled client = TestClients.pooled(URI.create("redis://127.0.0.1:1"), 4);
  private final String prefix = TestClients.uniquePrefix("unreachable");

  @AfterAll
  void close() {
    client.close();
  }

  @Nested
  class Idempotency extends UnreachableIdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return new RedisIdempotencyStore(client, prefix);
    }
  }

  @Nested
  class Locks extends UnreachableLockStoreContract {
    @Override
    protected LockStore store() {
      return new RedisLockStore(client, prefix);
    }
  }
}
