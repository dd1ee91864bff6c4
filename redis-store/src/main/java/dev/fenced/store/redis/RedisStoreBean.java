package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.OptionalLong;

/**
 * The one CDI bean named {@code redis}: both stores on the shared {@link RedisConnection}, selected
 * by {@code fenced.idempotency.store=redis} and {@code fenced.locks.store=redis} (Fenced looks it
 * up by type and name). It carries the qualifier {@link FencedRedis}, so it never answers an
 * unqualified {@code @Inject IdempotencyStore} or {@code LockStore}. The client is built on first
 * use, so deploying the jar without selecting it costs nothing. {@code release(key, owner)},
 * declared by both SPIs, releases whichever the owner holds ({@link RedisStore}).
 */
@ApplicationScoped
@Named("redis")
@FencedRedis
public class RedisStoreBean implements IdempotencyStore, LockStore {

  @Inject RedisConnection connection;

  private RedisStore store;

  /** For CDI. */
  public RedisStoreBean() {}

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    return store().acquire(key, owner, fingerprint, lockTtlMillis);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return store().complete(key, owner, payload, ttlMillis);
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return store().extend(key, owner, lockTtlMillis);
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    return store().acquire(key, owner, ttlMillis);
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    return store().renew(key, owner, ttlMillis);
  }

  /**
   * Releases the owner's idempotency lock or lock on {@code key}, whichever it holds: one script
   * ({@link RedisStore#release}).
   */
  @Override
  public boolean release(String key, String owner) {
    return store().release(key, owner);
  }

  private synchronized RedisStore store() {
    if (store == null) {
      store = new RedisStore(connection.client(), connection.keyPrefix());
    }
    return store;
  }
}
