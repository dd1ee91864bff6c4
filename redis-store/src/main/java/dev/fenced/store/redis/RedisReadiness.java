package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.store.spi.Readiness;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The readiness of the Redis store: Redis answers a {@code PING} within {@code
 * fenced.redis.timeout}, and cannot evict Fenced's keys. Every key Fenced writes has a ttl, so any
 * {@code maxmemory-policy} but {@code noeviction} may evict records and locks once {@code
 * maxmemory} is reached: a repeat would run again, a lock be held twice (fencing tokens stay
 * increasing: {@link RedisLockStore}). A server that forbids {@code CONFIG} (managed services) is
 * reported ready, with the policy unknown.
 *
 * <p>The details also say how far apart the Redis nodes' clocks read ({@link RedisClockCheck}): a
 * spread above {@code fenced.redis.clock-skew-warning} adds {@value ClockSkew#WARNING} but leaves
 * the store ready. A skew endangers fencing tokens only after a failover or an eviction that loses
 * a counter, and every instance sees the same Redis: taking them all out of service would turn that
 * hazard into a certain outage.
 */
final class RedisReadiness {

  /** The only safe policy once a memory limit is set. */
  static final String NO_EVICTION = "noeviction";

  private RedisReadiness() {}

  /**
   * Checks the Redis behind {@code jedis}.
   *
   * @param jedis the store's client
   * @param clocks compares the nodes' clocks, once Redis answered
   * @return ready with the policy and the clocks' spread, or not ready with the reason
   */
  static Readiness check(UnifiedJedis jedis, RedisClockCheck clocks) {
    try {
      jedis.ping();
    } catch (JedisException e) {
      return Readiness.unavailable(
          "Redis did not answer within " + RedisSettings.TIMEOUT + ": " + e.getMessage(), Map.of());
    }
    Map<String, String> details = new LinkedHashMap<>(clocks.details());
    Optional<String> policy = config(jedis, "maxmemory-policy");
    Optional<String> limit = config(jedis, "maxmemory");
    if (policy.isEmpty() || limit.isEmpty()) {
      details.put("maxmemory-policy", "unknown (CONFIG GET refused)");
      return Readiness.ready(details);
    }
    details.put("maxmemory-policy", policy.get());
    details.put("maxmemory", limit.get());
    if (NO_EVICTION.equals(policy.get()) || "0".equals(limit.get())) {
      return Readiness.ready(details);
    }
    return Readiness.notSetUp(
        "Redis runs with maxmemory-policy "
            + policy.get()
            + " and maxmemory "
            + limit.get()
            + ": it may evict Fenced's records and locks, so a repeat could run again and two"
            + " instances hold one lock. Set maxmemory-policy "
            + NO_EVICTION,
        details);
  }

  /**
   * One value of {@code CONFIG GET}.
   *
   * @param jedis the client
   * @param name the parameter
   * @return its value, or empty when the server refused the command
   */
  static Optional<String> config(UnifiedJedis jedis, String name) {
    try {
      return Optional.of(value(jedis.sendCommand(Protocol.Command.CONFIG, "GET", name)));
    } catch (JedisException e) {
      return Optional.empty();
    }
  }

  private static String value(Object reply) {
    if (reply instanceof List<?> list && list.size() >= 2 && list.get(1) instanceof byte[] value) {
      return new String(value, UTF_8);
    }
    if (reply instanceof Map<?, ?> map) {
      for (Object value : map.values()) {
        return value instanceof byte[] bytes ? new String(bytes, UTF_8) : String.valueOf(value);
      }
    }
    return "unknown";
  }
}
