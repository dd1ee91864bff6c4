package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.store.spi.CombinedStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import dev.fenced.store.support.StoreBean;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.UnifiedJedis;

/**
 * The one CDI bean named {@code redis}: both stores on the shared {@link RedisConnection}, selected
 * by {@code fenced.idempotency.store=redis} and {@code fenced.locks.store=redis} (Fenced looks it
 * up by type and name). It carries the qualifier {@link FencedRedis}, so it never answers an
 * unqualified {@code @Inject IdempotencyStore} or {@code LockStore}. The client is built on first
 * use ({@link StoreBean}), so deploying the jar without selecting it costs nothing. As a {@link
 * CombinedStore}, its one {@code release(key, owner)} releases whichever the owner holds ({@link
 * RedisStore}). Its readiness asks Redis without opening the store. It wakes waiting duplicates
 * ({@link ClaimEndSignals}) with Redis pub/sub ({@link RedisIdempotencyStore#watch}): the first
 * watch holds one connection of the client for the subscription until the application stops.
 */
@ApplicationScoped
@Named("redis")
@FencedRedis
public class RedisStoreBean extends StoreBean<RedisStore>
    implements StoreReadiness, ClaimEndSignals {

  @Inject RedisConnection connection;

  private RedisClockCheck clocks;

  /** For CDI. */
  public RedisStoreBean() {}

  /**
   * Ready when Redis answers a {@code PING} within {@code fenced.redis.timeout} and cannot evict
   * Fenced's keys ({@code maxmemory-policy noeviction}, or no {@code maxmemory}); the details say
   * how far apart the Redis nodes' clocks read, with a warning above {@code
   * fenced.redis.clock-skew-warning} ({@link RedisReadiness}).
   */
  @Override
  public Readiness readiness() {
    try {
      return RedisReadiness.check(connection.client(), clocks());
    } catch (RuntimeException e) {
      return Readiness.notSetUp("the Redis client could not be built: " + e.getMessage(), Map.of());
    }
  }

  private synchronized RedisClockCheck clocks() {
    if (clocks == null) {
      UnifiedJedis client = connection.client();
      Optional<JedisClientConfig> dial = connection.settings().map(RedisTopology::client);
      Duration bound = connection.clockSkewWarning();
      clocks = new RedisClockCheck(() -> RedisClocks.survey(client, dial, bound));
    }
    return clocks;
  }

  /**
   * {@inheritDoc}
   *
   * <p>Waits at most {@code fenced.redis.timeout} (2 s when the application provides the client)
   * for Redis to confirm the subscription.
   */
  @Override
  public ClaimWatch watch(String key, Runnable wakeUp) {
    return store().watch(key, wakeUp);
  }

  @Override
  protected RedisStore open() {
    return new RedisStore(connection.client(), connection.keyPrefix(), connection.timeout());
  }

  @PreDestroy
  void close() {
    closeStore(RedisStore::close);
  }
}
