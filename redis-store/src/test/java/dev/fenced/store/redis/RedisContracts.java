package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.ClaimEndSignalsContract;
import dev.fenced.tck.store.IdempotencyRecordAdministrationContract;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockAdministrationContract;
import dev.fenced.tck.store.LockStoreContract;
import java.time.Duration;
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
 * The wake-up contract ({@code ClaimEnds}) watches on a store of that client and ends the claims on
 * another instance, on a second client of its own (a second {@link #connect()}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RedisContracts {

  private UnifiedJedis client;
  private IdempotencyStore idempotencyStore;
  private LockStore lockStore;
  private RedisIdempotencyStore administeredRecords;
  private RedisLockStore administeredLocks;
  private UnifiedJedis otherClient;
  private RedisIdempotencyStore watchingStore;
  private IdempotencyStore endingStore;

  /**
   * Connects to the Redis under test, starting it on the first call if the subclass owns it; called
   * twice, for the two instances of the wake-up contract.
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
   * The ttl of what the contracts let expire, from the contracts' own default: a set-up whose calls
   * cost more (a TLS handshake on each new pooled connection) lengthens it, so that an acquire and
   * the renewal after it finish within it on a loaded machine.
   *
   * @param contractDefault the contracts' short ttl
   * @return {@code contractDefault}, unless overridden
   */
  Duration shortTtl(Duration contractDefault) {
    return contractDefault;
  }

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

  /**
   * The instance of the wake-up contract that ends the claims, on a client of its own.
   *
   * @param otherClient the second client
   * @param keyPrefix the watching store's prefix
   * @return a {@link RedisIdempotencyStore}, unless overridden
   */
  IdempotencyStore endingStore(UnifiedJedis otherClient, String keyPrefix) {
    return new RedisIdempotencyStore(otherClient, keyPrefix);
  }

  @BeforeAll
  void startStores() {
    client = connect();
    idempotencyStore = idempotencyStore(client);
    lockStore = lockStore(client);
    administeredRecords = new RedisIdempotencyStore(client, "fenced-admin-test:");
    administeredLocks = new RedisLockStore(client, "fenced-admin-test:");
    otherClient = connect();
    String prefix = TestClients.uniquePrefix("claim-ends-" + name());
    watchingStore = new RedisIdempotencyStore(client, prefix);
    endingStore = endingStore(otherClient, prefix);
  }

  @AfterAll
  void disconnect() {
    try {
      if (watchingStore != null) {
        watchingStore.close();
      }
      if (otherClient != null) {
        otherClient.close();
      }
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
    protected Duration shortTtl() {
      return RedisContracts.this.shortTtl(super.shortTtl());
    }

    @Override
    protected IdempotencyStore store() {
      return idempotencyStore;
    }
  }

  @Nested
  class Locks extends LockStoreContract {
    @Override
    protected Duration shortTtl() {
      return RedisContracts.this.shortTtl(super.shortTtl());
    }

    @Override
    protected LockStore store() {
      return lockStore;
    }
  }

  @Nested
  class RecordAdministration
      extends IdempotencyRecordAdministrationContract<RedisIdempotencyStore> {
    @Override
    protected Duration shortTtl() {
      return RedisContracts.this.shortTtl(super.shortTtl());
    }

    @Override
    protected RedisIdempotencyStore store() {
      return administeredRecords;
    }
  }

  @Nested
  class LockAdministration extends LockAdministrationContract<RedisLockStore> {
    @Override
    protected Duration shortTtl() {
      return RedisContracts.this.shortTtl(super.shortTtl());
    }

    @Override
    protected RedisLockStore store() {
      return administeredLocks;
    }
  }

  @Nested
  class ClaimEnds extends ClaimEndSignalsContract<RedisIdempotencyStore> {
    @Override
    protected RedisIdempotencyStore store() {
      return watchingStore;
    }

    @Override
    protected IdempotencyStore otherInstance() {
      return endingStore;
    }
  }
}
