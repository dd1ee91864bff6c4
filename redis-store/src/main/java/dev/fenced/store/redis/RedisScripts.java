package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;

import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import redis.clients.jedis.ScanIteration;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisBusyException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * Runs a store's scripts: one {@code EVALSHA} per call, on arguments encoded by {@link #owner} and
 * {@link #ttl}, and a reply read by {@link #ok} when the script changes one thing. A server that
 * does not know a script yet (first use, a restart, a failover, a new Cluster node) answers {@code
 * NOSCRIPT}; the script is then loaded with {@code SCRIPT LOAD} on the node that owns the key and
 * run again, so scripts are loaded once per server and cost no round trip after that.
 *
 * <p>Failures to reach the server (connection refused or lost, timeouts, an exhausted pool, a
 * Cluster without a reachable node) and a server that cannot serve for now ({@code BUSY}, {@code
 * LOADING}, {@code MASTERDOWN}, {@code CLUSTERDOWN}, {@code TRYAGAIN}, {@code READONLY} after a
 * failover, {@code OOM}) become {@link StoreUnavailableException}; anything else (a bug, a foreign
 * value under one of our keys: {@code WRONGTYPE}) propagates as it is, except a script's refusal of
 * its ttl ({@value #TTL_REFUSED}), which is an {@link IllegalArgumentException} like the stores'
 * own check.
 */
final class RedisScripts {

  private static final List<String> UNAVAILABLE_REPLIES =
      List.of("LOADING", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "READONLY", "OOM", "BUSY");

  /** The error a script raises for a ttl it refuses (ttl-check.lua), before it writes. */
  static final String TTL_REFUSED = "FENCED_TTL";

  private static final int SCAN_BATCH = 500;

  private final UnifiedJedis jedis;
  private final String store;

  /**
   * @param jedis the client; shared, thread-safe, closed by its owner
   * @param store the store's name, for messages
   */
  RedisScripts(UnifiedJedis jedis, String store) {
    this.jedis = Objects.requireNonNull(jedis, "jedis");
    this.store = store;
  }

  /**
   * Runs {@code script} with all the keys it touches (one hash slot) and its arguments.
   *
   * @return the script's reply
   * @throws StoreUnavailableException when Redis cannot be reached or cannot serve now
   */
  Object run(RedisScript script, List<byte[]> keys, List<byte[]> args) {
    try {
      try {
        return jedis.evalsha(script.sha1(), keys, args);
      } catch (JedisNoScriptException e) {
        jedis.scriptLoad(script.source(), keys.get(0));
        return jedis.evalsha(script.sha1(), keys, args);
      }
    } catch (JedisException e) {
      if (e instanceof JedisDataException
          && e.getMessage() != null
          && e.getMessage().startsWith(TTL_REFUSED)) {
        throw new IllegalArgumentException(store + ": " + e.getMessage(), e);
      }
      throw failure("run " + script.resource(), e);
    }
  }

  /**
   * Every key name that matches a {@code SCAN} glob, read in batches: an operator's listing, not a
   * request's (it walks the whole key space: of the one server, or of every primary of a Cluster).
   *
   * @param pattern the glob, its literal parts escaped
   * @return the matching key names; a key written or deleted meanwhile may be missing or present
   * @throws StoreUnavailableException when Redis cannot be reached or cannot serve now
   */
  List<byte[]> scan(String pattern) {
    List<byte[]> names = new ArrayList<>();
    try {
      ScanIteration scan = jedis.scanIteration(SCAN_BATCH, pattern);
      while (!scan.isIterationCompleted()) {
        for (String name : scan.nextBatchList()) {
          names.add(name.getBytes(StandardCharsets.UTF_8));
        }
      }
    } catch (JedisException e) {
      throw failure("scan its keys", e);
    }
    return names;
  }

  private RuntimeException failure(String what, JedisException e) {
    if (unavailable(e)) {
      return new StoreUnavailableException(
          store + ": Redis could not " + what + ": " + e.getMessage(), e);
    }
    return e;
  }

  /** An owner as the scripts take it: strict UTF-8. */
  static byte[] owner(String owner) {
    return RedisKeys.utf8(Objects.requireNonNull(owner, "owner"), "owner");
  }

  /**
   * A ttl as the scripts take it.
   *
   * @throws IllegalArgumentException when it is not between 1 and {@link
   *     StoreLimits#MAX_TTL_MILLIS}: checked before any call to Redis
   */
  static byte[] ttl(long millis) {
    if (millis < 1 || millis > StoreLimits.MAX_TTL_MILLIS) {
      throw new IllegalArgumentException(
          "a store ttl is between 1 and "
              + StoreLimits.MAX_TTL_MILLIS
              + " milliseconds (3650 days), not "
              + millis);
    }
    return Long.toString(millis).getBytes(US_ASCII);
  }

  /** Whether a script that changes at most one thing answered that it changed it ({@code 1}). */
  static boolean ok(Object reply) {
    return reply instanceof Long value && value == 1L;
  }

  private static boolean unavailable(JedisException e) {
    if (e instanceof JedisConnectionException
        || e instanceof JedisClusterOperationException
        || e instanceof JedisBusyException
        || e.getCause() instanceof NoSuchElementException) {
      return true;
    }
    if (e instanceof JedisDataException && e.getMessage() != null) {
      String message = e.getMessage();
      return UNAVAILABLE_REPLIES.stream().anyMatch(message::startsWith);
    }
    return false;
  }
}
