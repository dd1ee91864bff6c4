package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.IdempotencyRecordAdministrationContract;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockAdministrationContract;
import dev.fenced.tck.store.LockStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both store contracts on Redis, as the {@code @Nested} groups {@code Idempotency} and {@code
 * Locks} of one test class per Redis set-up, and the administration contracts on {@link
 * RedisIdempotencyStore} and {@link RedisLockStore} with the same client: the subclass connects to
 * its Redis (a single server, a Cluster, Sentinel, TLS), and the client is closed after the tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RedisContracts {

  private UnifiedJedis client;
  private IdempotencyStore idempotencyStore;
  private LockStore lockStore;
  private RedisIdempotencyStore administeredRecords;
  private RedisLockStore administeredLocks;

  /**
   * Connects to the Redis under test, starting it if the subclass owns it.
   *
   * @return a pooled client of {@value TestClients#POOL} connections (per node), closed after the
   *     tests
   */
  abstract UnifiedJedis connect();

  /** Stops what {@link #connect()} started, after the client is closed; nothing by default. */
  void stop() {}

  /**
   * A word for the stores' key prefixes, unique among the subclasses.
   *
   * @return e.g. {@code "cluster"}
   */
  abstract String name();

  /**
   * The idempotency store under test.
   *
   * @param client the client of {@link #connect()}
   * @return a {@link RedisIdempotencyStore} on a key prefix of its own, unless overridden
   */
  IdempotencyStore idempotencyStore(UnifiedJedis client) {
    return new RedisIdempotencyStore(client, TestClients.uniquePrefix("idem-contract-" + name()));
  }

  /**
   * The lock store under test.
   *
   * @param client the client of {@link #connect()}
   * @return a {@link RedisLockStore} on a key prefix of its own, unless overridden
   */
  LockStore lockStore(UnifiedJedis client) {
    return new RedisLockStore(client, TestClients.uniquePrefix("lock-contract-" + name()));
  }

  @BeforeAll
  void startStores() {
    client = connect();
    idempotencyStore = idempotencyStore(client);
    lockStore = lockStore(client);
    administeredRecords = new RedisIdempotencyStore(client, "fenced-admin-test:");
    administeredLocks = new RedisLockStore(client, "fenced-admin-test:");
  }

  @AfterAll
  void disconnect() {
    try {
      if (client != null) {
        client.close();
      }
    } finally {
      stop();
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
