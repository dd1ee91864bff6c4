package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.FrozenProcess;
import dev.fenced.testservers.RedisProcess;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

/**
 * Fencing tokens survive a failover that lost the last writes. The replica of a primary that holds
 * lock keys is frozen ({@code SIGSTOP}) and its replication link cut, so the tokens drawn next
 * reach the primary only; the primary is killed ({@code kill -9}), the replica thawed and promoted.
 * Its token counters are then behind (the test checks that they are, so it proves something), yet
 * every token drawn afterwards is higher than every token drawn before, for every key. A store that
 * drew tokens from the counter alone ({@code INCR}) hands the lost tokens out again and fails here.
 * The subclass starts the topology (a Redis Cluster, Sentinel) and says where a key lives.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RedisFailoverTokens {

  private static final long TTL = Duration.ofSeconds(30).toMillis();
  private static final Duration PROMOTION = Duration.ofSeconds(30);
  private static final List<String> KEYS =
      IntStream.range(0, 60).mapToObj(i -> "failover-" + i).toList();

  private UnifiedJedis client;
  private final String prefix = TestClients.uniquePrefix("failover");
  private final RedisKeys keys = new RedisKeys(prefix);
  private RedisLockStore store;

  /**
   * Starts the topology and connects to it as a server does.
   *
   * @return the client, closed after the test
   */
  abstract UnifiedJedis connect();

  /** Stops the topology, after the client is closed. */
  abstract void stop();

  /**
   * The primary that serves a key now.
   *
   * @param keyName the key's name in Redis
   * @return its process
   */
  abstract RedisProcess primaryFor(byte[] keyName);

  /**
   * The replica of a primary.
   *
   * @param primary a primary
   * @return its replica's process
   */
  abstract RedisProcess replicaOf(RedisProcess primary);

  /**
   * Waits until the topology has promoted a replica and serves writes through it.
   *
   * @param replica the replica
   * @param within how long at most
   */
  abstract void awaitPromoted(RedisProcess replica, Duration within);

  @BeforeAll
  void connectStore() {
    client = connect();
    store = new RedisLockStore(client, prefix);
  }

  @AfterAll
  void disconnect() {
    try {
      client.close();
    } finally {
      stop();
    }
  }

  @Test
  void every_token_drawn_after_a_failover_that_lost_writes_is_higher_than_every_token_before() {
    RedisProcess primary = primaryFor(keys.name("lock", KEYS.get(0)));
    RedisProcess replica = replicaOf(primary);
    List<String> onPrimary =
        KEYS.stream().filter(key -> primaryFor(keys.name("lock", key)) == primary).toList();
    Map<String, Long> highest = new HashMap<>();
    drawEach(highest);

    try (FrozenProcess frozen = replica.freeze()) {
      // a frozen replica's kernel still buffers what the primary sends, so cut the link too: the
      // replica receives none of the next writes, which live on the primary only
      try (Jedis node = primary.connect()) {
        node.sendCommand(Protocol.Command.CLIENT, "KILL", "TYPE", "slave");
      }
      drawEach(highest);
      drawEach(highest);
      primary.kill();
    }
    awaitPromoted(replica, PROMOTION);

    try (Jedis promoted = replica.connect()) {
      assertThat(onPrimary)
          .as("keys whose counter the promoted replica holds behind the last token drawn")
          .anySatisfy(key -> assertThat(counter(promoted, key)).isLessThan(highest.get(key)));
    }
    for (String key : KEYS) {
      long token = drawAfterFailover(key);
      assertThat(token)
          .as("the first token of %s after the failover", key)
          .isGreaterThan(highest.get(key));
    }
  }

  private void drawEach(Map<String, Long> highest) {
    for (String key : KEYS) {
      long token = store.acquire(key, "owner", TTL).orElseThrow();
      assertThat(store.release(key, "owner")).isTrue();
      highest.merge(key, token, Math::max);
    }
  }

  /** Draws a token once the client has found the promoted replica (bounded by the promotion). */
  private long drawAfterFailover(String key) {
    long deadline = System.nanoTime() + PROMOTION.toNanos();
    while (true) {
      try {
        long token = store.acquire(key, "owner", TTL).orElseThrow();
        store.release(key, "owner");
        return token;
      } catch (StoreUnavailableException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
    }
  }

  private long counter(Jedis node, String key) {
    byte[] value = node.get(keys.name("token", key));
    return value == null ? 0 : Long.parseLong(new String(value, US_ASCII));
  }
}
