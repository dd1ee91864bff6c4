package dev.fenced.store.redis;

import static dev.fenced.store.redis.RedisScripts.ok;
import static dev.fenced.store.redis.RedisScripts.owner;
import static dev.fenced.store.redis.RedisScripts.ttl;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.idempotency.spi.StoreLimits;
import java.util.List;
import java.util.Objects;
import redis.clients.jedis.UnifiedJedis;

/**
 * An {@link IdempotencyStore} in Redis: each record is a hash {@code <prefix>idem:{<key>}} with the
 * fields {@code state} ({@code locked} or {@code completed}), {@code fp}, {@code owner} and {@code
 * payload}, expiring by {@code PEXPIRE} on the server's clock; every record has an expiry, since a
 * ttl outside 1..{@link StoreLimits#MAX_TTL_MILLIS} is refused before Redis is called (and again by
 * the script, before it writes). Each method is one Lua script run with one {@code EVALSHA}, so it
 * decides atomically; every script touches one key, so Redis Cluster works.
 *
 * <p>The client is shared and thread-safe ({@code JedisPooled}, {@code JedisCluster}, or any {@link
 * UnifiedJedis}); the store never closes it. Give each service its own {@code keyPrefix} (e.g.
 * {@code "orders:fenced:"}) when several share one Redis.
 */
public final class RedisIdempotencyStore implements IdempotencyStore {

  private static final String KIND = "idem";

  private final RedisScripts scripts;
  private final RedisKeys keys;

  /**
   * Creates a store on a client that its caller owns and closes.
   *
   * @param jedis the client
   * @param keyPrefix put before every key name; may be empty, must not contain a brace
   * @throws IllegalArgumentException when the prefix contains <code>{</code> or <code>}</code>
   */
  public RedisIdempotencyStore(UnifiedJedis jedis, String keyPrefix) {
    this.scripts = new RedisScripts(jedis, "RedisIdempotencyStore");
    this.keys = new RedisKeys(keyPrefix);
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException when the key is empty, a string is not valid Unicode or the
   *     ttl is outside 1..{@link dev.fenced.idempotency.spi.StoreLimits#MAX_TTL_MILLIS}
   */
  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    Object reply =
        scripts.run(
            RedisScript.IDEMPOTENCY_ACQUIRE,
            List.of(keys.name(KIND, key)),
            List.of(owner(owner), RedisKeys.utf8(fingerprint, "fingerprint"), ttl(lockTtlMillis)));
    List<?> parts = (List<?>) reply;
    String outcome = new String((byte[]) parts.get(0), US_ASCII);
    return switch (outcome) {
      case "acquired" -> new AcquireResult.Acquired();
      case "in-flight" -> new AcquireResult.InFlight(new String((byte[]) parts.get(1), UTF_8));
      case "completed" ->
          new AcquireResult.Completed(
              new String((byte[]) parts.get(1), UTF_8), (byte[]) parts.get(2));
      default -> throw new IllegalStateException("unexpected reply from Redis: " + outcome);
    };
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    Objects.requireNonNull(payload, "payload");
    return ok(
        scripts.run(
            RedisScript.IDEMPOTENCY_COMPLETE,
            List.of(keys.name(KIND, key)),
            List.of(owner(owner), payload.clone(), ttl(ttlMillis))));
  }

  @Override
  public boolean release(String key, String owner) {
    return ok(
        scripts.run(
            RedisScript.IDEMPOTENCY_RELEASE, List.of(keys.name(KIND, key)), List.of(owner(owner))));
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return ok(
        scripts.run(
            RedisScript.IDEMPOTENCY_EXTEND,
            List.of(keys.name(KIND, key)),
            List.of(owner(owner), ttl(lockTtlMillis))));
  }
}
