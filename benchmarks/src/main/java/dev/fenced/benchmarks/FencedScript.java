package dev.fenced.benchmarks;

import dev.fenced.store.redis.RedisLockStore;
import dev.fenced.store.spi.StoreLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;

/**
 * One Lua script of Fenced's Redis store, read from the {@code fenced-redis-store} jar as the store
 * reads it ({@code RedisScript}): {@code ttl-check.lua} with {@code %MAX_TTL_MILLIS%} filled in, a
 * new line, then the script. Loaded with {@code SCRIPT LOAD} when created, so each {@link #run} is
 * exactly the one {@code EVALSHA} the store sends.
 */
final class FencedScript {

  private final byte[] sha1;
  private final UnifiedJedis jedis;

  private FencedScript(UnifiedJedis jedis, byte[] source) {
    this.jedis = jedis;
    this.sha1 = jedis.scriptLoad(source, "fenced-bench".getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The script of resource {@code name}, loaded on {@code jedis}'s server.
   *
   * @param name e.g. {@code lock-acquire.lua}
   */
  static FencedScript load(UnifiedJedis jedis, String name) {
    String check =
        read("ttl-check.lua")
            .replace("%MAX_TTL_MILLIS%", Long.toString(StoreLimits.MAX_TTL_MILLIS));
    return new FencedScript(jedis, (check + "\n" + read(name)).getBytes(StandardCharsets.UTF_8));
  }

  /** One {@code EVALSHA} with these keys and arguments; the script's reply. */
  Object run(List<byte[]> keys, List<byte[]> arguments) {
    return jedis.evalsha(sha1, keys, arguments);
  }

  /** The name the store gives the record or lock of {@code kind} for {@code key}. */
  static byte[] keyName(String kind, String key) {
    // the benchmarks' keys hold no brace or %, which the store would escape inside the hash tag
    return (RedisDatabase.PREFIX + kind + ":{" + key + "}").getBytes(StandardCharsets.UTF_8);
  }

  private static String read(String name) {
    try (InputStream in = RedisLockStore.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("fenced-redis-store has no script " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
