package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.store.spi.CombinedStore;
import java.time.Duration;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both stores as one {@link CombinedStore}, for the one CDI bean named {@code redis} ({@link
 * RedisStoreBean}): the idempotency methods go to a {@link RedisIdempotencyStore}, the lock methods
 * to a {@link RedisLockStore}, on one client and one key prefix. Its one {@code release} is one
 * script ({@code release-either.lua}) that deletes the owner's live idempotency lock and the
 * owner's lock on the key; the half the owner does not hold matches nothing. The record and the
 * lock share the key's hash tag, so the script touches one slot. Its watches are the idempotency
 * store's ({@link RedisIdempotencyStore#watch}), which {@link #close} ends.
 */
final class RedisStore implements CombinedStore, ClaimEndSignals, AutoCloseable {

  private final RedisIdempotencyStore records;
  private final RedisLockStore locks;
  private final RedisScripts scripts;
  private final RedisKeys keys;

  RedisStore(UnifiedJedis jedis, String keyPrefix) {
    this(jedis, keyPrefix, RedisIdempotencyStore.DEFAULT_WATCH_TIMEOUT);
  }

  RedisStore(UnifiedJedis jedis, String keyPrefix, Duration watchTimeout) {
    this.records = new RedisIdempotencyStore(jedis, keyPrefix, watchTimeout);
    this.locks = new RedisLockStore(jedis, keyPrefix);
    this.scripts = new RedisScripts(jedis, "RedisStore");
    this.keys = new RedisKeys(keyPrefix);
  }

  @Override
  public RedisIdempotencyStore idempotencyStore() {
    return records;
  }

  @Override
  public RedisLockStore lockStore() {
    return locks;
  }

  @Override
  public boolean release(String key, String owner) {
    return RedisScripts.ok(
        scripts.run(
            RedisScript.RELEASE_EITHER,
            List.of(keys.name("idem", key), keys.name("lock", key)),
            List.of(RedisScripts.owner(owner))));
  }

  @Override
  public ClaimWatch watch(String key, Runnable wakeUp) {
    return records.watch(key, wakeUp);
  }

  /** Ends the subscription of the watches; the client stays open. */
  @Override
  public void close() {
    records.close();
  }
}
