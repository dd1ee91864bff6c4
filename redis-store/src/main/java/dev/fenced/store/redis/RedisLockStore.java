package dev.fenced.store.redis;

import static dev.fenced.store.redis.RedisScripts.ok;
import static dev.fenced.store.redis.RedisScripts.owner;
import static dev.fenced.store.redis.RedisScripts.ttl;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import redis.clients.jedis.UnifiedJedis;

/**
 * A {@link LockStore} in Redis: each lock is a hash {@code <prefix>lock:{<key>}} with the fields
 * {@code owner} and {@code token}, expiring by {@code PEXPIRE} on the server's clock. The hash tag
 * puts a lock and its token counter in one Cluster slot, so each method is one Lua script run with
 * one {@code EVALSHA}.
 *
 * <p><b>Fencing tokens</b> are the larger of the key's counter ({@code <prefix>token:{<key>}}) + 1
 * and the Redis server's clock ({@code TIME}) in microseconds. While the counter is kept, tokens
 * grow by it whatever the clocks do; when it is lost (a failover that lost the last writes, an
 * eviction, a restart without persistence) the clock still puts the next token above every earlier
 * one, provided the clock of the primary that serves the key reads later than the clock of the
 * primary that drew them did (hosts synchronised by NTP; a failover takes seconds). So the counter
 * may expire: it is kept for a day past the expiry of the lock it was drawn for, and keys that are
 * no longer used leave nothing behind.
 *
 * <p><b>Safe to run twice.</b> A client may send one call twice: Jedis's Cluster client (and any
 * {@link UnifiedJedis} built with retries) sends a command again when its connection was reset,
 * though the server may have run it. So an {@link #acquire} that finds the lock held by its own
 * owner answers as the first run did, with that run's token and the ttl it asks for (owners are
 * random per acquisition, so only a re-sent call can find its own lock), and {@link #forceRelease}
 * frees only the owner it was given, never a lock taken in between. A re-sent {@link #renew} renews
 * again; a re-sent {@link #release} finds nothing and answers {@code false}.
 */
public final class RedisLockStore implements LockStore, LockAdministration {

  /** How long a token counter is kept past the expiry of the lock it was last drawn for. */
  static final long COUNTER_KEPT_MILLIS = 86_400_000L;

  private static final byte[] COUNTER_KEPT = Long.toString(COUNTER_KEPT_MILLIS).getBytes(US_ASCII);

  private final RedisScripts scripts;
  private final RedisKeys keys;

  /**
   * Creates a store on a client that its caller owns and closes.
   *
   * @param jedis the client
   * @param keyPrefix put before every key name; may be empty, must not contain a brace
   * @throws IllegalArgumentException when the prefix contains <code>{</code> or <code>}</code>
   */
  public RedisLockStore(UnifiedJedis jedis, String keyPrefix) {
    this.scripts = new RedisScripts(jedis, "RedisLockStore");
    this.keys = new RedisKeys(keyPrefix);
  }

  /**
   * {@inheritDoc}
   *
   * <p>A lock that {@code owner} holds already is acquired again, with the token it holds and
   * {@code ttlMillis} from now: it can only be this call's own, sent twice.
   *
   * @throws IllegalArgumentException when the key is empty, a string is not valid Unicode or the
   *     ttl is outside 1..{@link dev.fenced.store.spi.StoreLimits#MAX_TTL_MILLIS}
   */
  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    Object reply =
        scripts.run(
            RedisScript.LOCK_ACQUIRE,
            List.of(keys.name("lock", key), keys.name("token", key)),
            List.of(owner(owner), ttl(ttlMillis), COUNTER_KEPT));
    long token = (Long) reply;
    return token > 0 ? OptionalLong.of(token) : OptionalLong.empty();
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    return ok(
        scripts.run(
            RedisScript.LOCK_RENEW,
            List.of(keys.name("lock", key)),
            List.of(owner(owner), ttl(ttlMillis))));
  }

  @Override
  public boolean release(String key, String owner) {
    return ok(
        scripts.run(
            RedisScript.LOCK_RELEASE, List.of(keys.name("lock", key)), List.of(owner(owner))));
  }

  @Override
  public Optional<LockSnapshot> lock(String key) {
    return inspect(key, List.of("0".getBytes(US_ASCII)));
  }

  @Override
  public Optional<LockSnapshot> forceRelease(String key, String expectedOwner) {
    return inspect(key, List.of("1".getBytes(US_ASCII), owner(expectedOwner)));
  }

  private Optional<LockSnapshot> inspect(String key, List<byte[]> args) {
    Object reply = scripts.run(RedisScript.LOCK_INSPECT, List.of(keys.name("lock", key)), args);
    if (reply == null) {
      return Optional.empty();
    }
    List<?> parts = (List<?>) reply;
    return Optional.of(
        new LockSnapshot(
            key,
            new String((byte[]) parts.get(0), UTF_8),
            (Long) parts.get(1),
            Duration.ofMillis((Long) parts.get(2))));
  }
}
