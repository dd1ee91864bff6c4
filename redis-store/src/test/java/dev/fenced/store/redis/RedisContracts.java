package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.IdempotencyRecordAdministrationContract;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockAdministrationContract;
import dev.fenced.tck.store.LockStoreContract;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.JedisPooled;

/**
 * Both store contracts on Redis, as the {@code @Nested} groups {@code Idempotency} and {@code
 * Locks} of one test class per setup, and the administration contracts on {@link
 * RedisIdempotencyStore} and {@link RedisLockStore} with the same client: the subclass names the
 * Redis and builds the stores on a pooled client, which is closed after the tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RedisContracts {

  private JedisPooled client;
  private IdempotencyStore idempotencyStore;
  private LockStore lockStore;
  private RedisIdempotencyStore administeredRecords;
  private RedisLockStore administeredLocks;

  /**
   * The Redis to run on.
   *
   * @return its {@code redis://} URI
   */
  abstract URI url();

  /**
   * The idempotency store under test.
   *
   * @param client a pooled client of {@link #url()}
   * @return the store
   */
  abstract IdempotencyStore idempotencyStore(JedisPooled client);

  /**
   * The lock store under test.
   *
   * @param client a pooled client of {@link #url()}
   * @return the store
   */
  abstract LockStore lockStore(JedisPooled client);

  @BeforeAll
  void connect() {
    client = TestClients.pooled(url(), TestClients.POOL);
    idempotencyStore = idempotencyStore(client);
    lockStore = lockStore(client);
    administeredRecords = new RedisIdempotencyStore(client, "fenced-admin-test:");
    administeredLocks = new RedisLockStore(client, "fenced-admin-test:");
  }

  @AfterAll
  void disconnect() {
    if (client != null) {
      client.close();
    }
  }

  @Nested
  class Idempotency extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return idempotencyStore;
    }
  }

  @Nested
  class Locks extends LockStoreContract {
    @Override
    protected LockStore store() {
      return lockStore;
    }
  }

  @Nested
  class RecordAdministration
      extends IdempotencyRecordAdministrationContract<RedisIdempotencyStore> {
    @Override
    protected RedisIdempotencyStore store() {
      return administeredRecords;
    }
  }

  @Nested
  class LockAdministration extends LockAdministrationContract<RedisLockStore> {
    @Override
    protected RedisLockStore store() {
      return administeredLocks;
    }
  }
}
