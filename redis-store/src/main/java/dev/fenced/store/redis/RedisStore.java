package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import java.util.List;
import java.util.OptionalLong;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both stores as one object, for the one CDI bean named {@code redis} ({@link RedisStoreBean}): the
 * idempotency methods go to a {@link RedisIdempotencyStore}, the lock methods to a {@link
 * RedisLockStore}, on one client and one key prefix.
 *
 * <p>{@code IdempotencyStore.release(key, owner)} and {@code LockStore.release(key, owner)} have
 * the same signature, so one object has one {@code release}: one script ({@code
 * release-either.lua}) deletes the owner's live idempotency lock and the owner's lock on the key.
 * Fenced draws a new random owner (128 bits) for every acquisition, so an owner holds either a
 * record or a lock, never both. The record and the lock share the key's hash tag, so the script
 * touches one slot.
 */
final class RedisStore implements IdempotencyStore, LockStore {

  private final RedisIdempotencyStore records;
  private final RedisLockStore locks;
  private final RedisScripts scripts;
  private final RedisKeys keys;

  RedisStore(UnifiedJedis jedis, String keyPrefix) {
    this.records = new RedisIdempotencyStore(jedis, keyPrefix);
    this.locks = new RedisLockStore(jedis, keyPrefix);
    this.scripts = new RedisScripts(jedis, "RedisStore");
    this.keys = new RedisKeys(keyPrefix);
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    return records.acquire(key, owner, fingerprint, lockTtlMillis);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return records.complete(key, owner, payload, ttlMillis);
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return records.extend(key, owner, lockTtlMillis);
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    return locks.acquire(key, owner, ttlMillis);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    return locks.renew(key, owner, ttlMillis);
  }

  /** Releases the owner's idempotency lock or lock on {@code key}, whichever it holds. */
  @Override
  public boolean release(String key, String owner) {
    return RedisIdempotencyStore.ok(
        scripts.run(
            RedisScript.RELEASE_EITHER,
            List.of(keys.name("idem", key), keys.name("lock", key)),
            List.of(RedisIdempotencyStore.owner(owner))));
  }
}
