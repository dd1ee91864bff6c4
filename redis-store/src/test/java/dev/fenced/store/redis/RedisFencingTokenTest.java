package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.RedisTestServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * A fencing token stays above every earlier token of its key when the key's counter is lost: set
 * back (a failover that lost the last increments), deleted (an eviction, a restart without
 * persistence) or expired; and the counter of an idle key expires.
 */
class RedisFencingTokenTest {

  private static final long TTL = Duration.ofSeconds(30).toMillis();

  private static JedisPooled client;

  private final String prefix = TestClients.uniquePrefix("fencing-token");
  private final RedisKeys keys = new RedisKeys(prefix);
  private final RedisLockStore store = new RedisLockStore(client, prefix);

  @BeforeAll
  static void connect() {
    client = TestClients.pooled(RedisTestServer.get().url(), 4);
  }

  @AfterAll
  static void disconnect() {
    client.close();
  }

  @Test
  void a_token_drawn_after_the_counter_lost_its_last_increments_is_higher_than_every_earlier_one() {
    long before = drawTokens("set-back", 5);
    // what a replica promoted before it received the last INCRs holds: an older counter value
    client.set(keys.name("token", "set-back"), "1".getBytes(US_ASCII));

    assertThat(draw("set-back")).isGreaterThan(before);
  }

  @Test
  void a_token_drawn_after_the_counter_was_deleted_is_higher_than_every_earlier_one() {
    long before = drawTokens("deleted", 5);
    client.del(keys.name("token", "deleted"));

    assertThat(draw("deleted")).isGreaterThan(before);
  }

  @Test
  void tokens_drawn_faster_than_the_clock_ticks_still_grow_by_at_least_one() {
    long previous = 0;
    for (int i = 0; i < 500; i++) {
      long token = draw("fast");
      assertThat(token).as("draw %d", i).isGreaterThan(previous);
      previous = token;
    }
  }

  @Test
  void a_counter_is_kept_a_day_past_the_expiry_of_the_lock_it_was_drawn_for() {
    store.acquire("idle", "owner", TTL);

    long pttl = client.pttl(keys.name("token", "idle"));
    assertThat(pttl)
        .isGreaterThan(RedisLockStore.COUNTER_KEPT_MILLIS + TTL - 5_000)
        .isLessThanOrEqualTo(RedisLockStore.COUNTER_KEPT_MILLIS + TTL);
  }

  @Test
  void a_token_is_the_servers_clock_in_microseconds_when_the_key_has_no_counter() {
    long before = redisMicros();
    long token = draw("clock");
    long after = redisMicros();

    assertThat(token).isBetween(before, after);
  }

  /** Draws {@code count} tokens on {@code key}, releasing each, and returns the last. */
  private long drawTokens(String key, int count) {
    long last = 0;
    for (int i = 0; i < count; i++) {
      last = draw(key);
    }
    return last;
  }

  private long draw(String key) {
    long token = store.acquire(key, "owner", TTL).orElseThrow();
    assertThat(store.release(key, "owner")).isTrue();
    return token;
  }

  private static long redisMicros() {
    List<?> parts = (List<?>) client.sendCommand(Protocol.Command.TIME);
    return Long.parseLong(new String((byte[]) parts.get(0), US_ASCII)) * 1_000_000
        + Long.parseLong(new String((byte[]) parts.get(1), US_ASCII));
  }
}
