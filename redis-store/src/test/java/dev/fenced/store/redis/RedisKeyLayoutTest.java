package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.testservers.RedisTestServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Keys holding braces (which Redis Cluster reads as hash tags), percent signs and 4 KiB stay apart,
 * are kept intact in the key names, and a lock always shares its slot with its token counter.
 */
class RedisKeyLayoutTest {

  private static final long TTL = Duration.ofMinutes(5).toMillis();
  private static final List<String> TRICKY =
      List.of(
          "{",
          "}",
          "{}",
          "}{",
          "{a}",
          "a{b}c",
          "{a}b",
          "{a}c",
          "}a",
          "a}",
          "%7B",
          "%7D",
          "%25",
          "%",
          "%{%}",
          "{" + "x".repeat(4094) + "}",
          "{" + "x".repeat(4093) + "}}",
          "}".repeat(4096),
          "{".repeat(4096));

  private static JedisPooled client;

  @BeforeAll
  static void connect() {
    client = TestClients.pooled(RedisTestServer.get().url(), 4);
  }

  @AfterAll
  static void disconnect() {
    client.close();
  }

  @Test
  void idempotency_keys_with_braces_and_4_KiB_are_kept_apart_and_intact() {
    String prefix = TestClients.uniquePrefix("key-layout-idem");
    RedisIdempotencyStore store = new RedisIdempotencyStore(client, prefix);
    for (int i = 0; i < TRICKY.size(); i++) {
      assertThat(store.acquire(TRICKY.get(i), "owner", "fp-" + i, TTL))
          .as("first acquire of key %d", i)
          .isInstanceOf(AcquireResult.Acquired.class);
    }
    for (int i = 0; i < TRICKY.size(); i++) {
      assertThat(store.acquire(TRICKY.get(i), "other", "fp", TTL))
          .as("second acquire of key %d", i)
          .isEqualTo(new AcquireResult.InFlight("fp-" + i));
      assertThat(store.complete(TRICKY.get(i), "owner", ("body-" + i).getBytes(UTF_8), TTL))
          .isTrue();
    }

    assertThat(storedKeys(prefix)).containsExactlyInAnyOrderElementsOf(TRICKY);
  }

  @Test
  void lock_keys_with_braces_and_4_KiB_are_kept_apart_and_intact() {
    String prefix = TestClients.uniquePrefix("key-layout-lock");
    RedisLockStore store = new RedisLockStore(client, prefix);
    List<Long> first = new ArrayList<>();
    for (String key : TRICKY) {
      first.add(store.acquire(key, "owner", TTL).orElseThrow());
    }
    for (int i = 0; i < TRICKY.size(); i++) {
      String key = TRICKY.get(i);
      assertThat(store.acquire(key, "other", TTL)).as(key).isEmpty();
      assertThat(store.release(key, "owner")).as(key).isTrue();
      assertThat(store.acquire(key, "other", TTL).orElseThrow())
          .as(key)
          .isGreaterThan(first.get(i));
    }

    List<String> locks = new ArrayList<>();
    List<String> counters = new ArrayList<>();
    for (String name : scan(prefix)) {
      (name.startsWith(prefix + "lock:") ? locks : counters).add(RedisKeys.keyOf(name));
    }
    assertThat(locks).containsExactlyInAnyOrderElementsOf(TRICKY);
    assertThat(counters).containsExactlyInAnyOrderElementsOf(TRICKY);
  }

  @Test
  void a_lock_and_its_token_counter_share_a_cluster_slot_and_the_tag_is_the_whole_key() {
    RedisKeys keys = new RedisKeys("svc:");
    Set<Integer> slots = new HashSet<>();
    for (String key : TRICKY) {
      int lock = JedisClusterCRC16.getSlot(keys.name("lock", key));
      assertThat(JedisClusterCRC16.getSlot(keys.name("token", key))).as(key).isEqualTo(lock);
      assertThat(JedisClusterCRC16.getSlot(keys.name("idem", key))).as(key).isEqualTo(lock);
      slots.add(lock);
    }
    assertThat(slots).as("keys spread over slots").hasSizeGreaterThan(TRICKY.size() / 2);
    assertThat(new String(keys.name("lock", "a{b}%c"), UTF_8)).isEqualTo("svc:lock:{a%7Bb%7D%25c}");
  }

  @Test
  void prefixes_with_braces_empty_keys_and_lone_surrogates_are_rejected() {
    assertThatThrownBy(() -> new RedisLockStore(client, "svc{1}:"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("FENCED-D404")
        .hasMessageContaining("hash tag");
    RedisLockStore store = new RedisLockStore(client, TestClients.uniquePrefix("rejected"));
    assertThatThrownBy(() -> store.acquire("", "owner", TTL))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> store.acquire("a\ud800", "owner", TTL))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unicode");
    assertThatThrownBy(() -> store.acquire("a", "owner", 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static List<String> storedKeys(String prefix) {
    return scan(prefix).stream().map(RedisKeys::keyOf).toList();
  }

  private static List<String> scan(String prefix) {
    List<String> names = new ArrayList<>();
    String cursor = ScanParams.SCAN_POINTER_START;
    ScanParams match = new ScanParams().match(prefix + "*").count(1000);
    do {
      ScanResult<String> page = client.scan(cursor, match);
      names.addAll(page.getResult());
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    return names;
  }
}
