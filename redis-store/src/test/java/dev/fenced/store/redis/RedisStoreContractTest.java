package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.testservers.RedisTestServer;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link RedisStore}, the one object behind the {@code redis} CDI bean, through both contracts on
 * the shared test Redis, and its shared {@code release} with a record and a lock on the same key.
 */
class RedisStoreContractTest extends RedisContracts {

  private RedisStore store;

  @Override
  UnifiedJedis connect() {
    return TestClients.pooled(RedisTestServer.get().url(), TestClients.POOL);
  }

  @Override
  String name() {
    return "combined";
  }

  @Override
  IdempotencyStore idempotencyStore(UnifiedJedis client) {
    store = new RedisStore(client, TestClients.uniquePrefix("store-contract"));
    return store;
  }

  @Override
  LockStore lockStore(UnifiedJedis client) {
    return store;
  }

  /** Its claims end through the combined store's own release ({@code release-either.lua}). */
  @Override
  IdempotencyStore endingStore(UnifiedJedis otherClient, String keyPrefix) {
    return new RedisStore(otherClient, keyPrefix);
  }

  @Nested
  class SharedRelease {

    private final String key = "shared-release-" + UUID.randomUUID();
    private final String recordOwner = UUID.randomUUID().toString();
    private final String lockOwner = UUID.randomUUID().toString();

    @Test
    void the_lock_owner_releases_the_lock_and_leaves_the_record_on_the_same_key() {
      assertThat(store.acquire(key, recordOwner, "fp", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
      assertThat(store.acquire(key, lockOwner, 60_000)).isPresent();

      assertThat(store.release(key, lockOwner)).isTrue();
      assertThat(store.release(key, lockOwner)).isFalse();

      assertThat(store.extend(key, recordOwner, 60_000)).isTrue();
      assertThat(store.acquire(key, "someone-else", 60_000)).isPresent();
    }

    @Test
    void the_record_owner_releases_the_record_and_leaves_the_lock_on_the_same_key() {
      assertThat(store.acquire(key, recordOwner, "fp", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
      assertThat(store.acquire(key, lockOwner, 60_000)).isPresent();

      assertThat(store.release(key, recordOwner)).isTrue();
      assertThat(store.release(key, recordOwner)).isFalse();

      assertThat(store.renew(key, lockOwner, 60_000)).isTrue();
      assertThat(store.acquire(key, "someone-else", "fp", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
    }

    @Test
    void a_completed_record_is_never_released_and_a_stranger_releases_nothing() {
      store.acquire(key, recordOwner, "fp", 60_000);
      store.complete(key, recordOwner, new byte[] {1}, 60_000);
      store.acquire(key, lockOwner, 60_000);

      assertThat(store.release(key, recordOwner)).isFalse();
      assertThat(store.release(key, "stranger")).isFalse();
      assertThat(store.renew(key, lockOwner, 60_000)).isTrue();
      assertThat(store.acquire(key, "someone-else", "fp", 60_000))
          .isInstanceOf(AcquireResult.Completed.class);
    }
  }
}
