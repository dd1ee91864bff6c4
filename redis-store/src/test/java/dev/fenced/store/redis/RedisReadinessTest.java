package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.store.spi.Readiness;
import dev.fenced.testservers.EmbeddedRedis;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis store's readiness, on a Redis of the test's own: ready when it answers and cannot
 * evict, not ready when it may evict Fenced's keys or does not answer; never an exception.
 */
class RedisReadinessTest {

  @Test
  void a_redis_that_answers_and_never_evicts_is_ready() {
    try (EmbeddedRedis redis = EmbeddedRedis.start();
        UnifiedJedis client = client(redis.url().toString())) {
      Readiness readiness = RedisReadiness.check(client, clocks(client));

      assertThat(readiness.ready()).as(readiness.reason()).isTrue();
      assertThat(readiness.details()).containsEntry("maxmemory-policy", "noeviction");
    }
  }

  @Test
  void a_ready_redis_says_how_far_apart_its_nodes_clocks_read() {
    try (EmbeddedRedis redis = EmbeddedRedis.start();
        UnifiedJedis client = client(redis.url().toString())) {
      Readiness readiness = RedisReadiness.check(client, clocks(client));

      assertThat(readiness.ready()).as(readiness.reason()).isTrue();
      assertThat(readiness.details())
          .containsEntry(ClockSkew.SPREAD, "1 node, nothing to compare")
          .containsKey(RedisClockCheck.MEASURED_AT)
          .doesNotContainKey(ClockSkew.WARNING);
    }
  }

  @Test
  void a_redis_that_may_evict_once_full_is_not_ready_and_says_which_policy_to_set() {
    try (EmbeddedRedis redis = EmbeddedRedis.start();
        UnifiedJedis client = client(redis.url().toString())) {
      client.sendCommand(Protocol.Command.CONFIG, "SET", "maxmemory-policy", "volatile-lru");
      client.sendCommand(Protocol.Command.CONFIG, "SET", "maxmemory", "100mb");

      Readiness readiness = RedisReadiness.check(client, clocks(client));

      assertThat(readiness.state()).isEqualTo(Readiness.State.NOT_SET_UP);
      assertThat(readiness.reason()).contains("volatile-lru", "Set maxmemory-policy noeviction");
    }
  }

  @Test
  void an_eviction_policy_without_a_memory_limit_evicts_nothing_and_is_ready() {
    try (EmbeddedRedis redis = EmbeddedRedis.start();
        UnifiedJedis client = client(redis.url().toString())) {
      client.sendCommand(Protocol.Command.CONFIG, "SET", "maxmemory-policy", "allkeys-lru");
      client.sendCommand(Protocol.Command.CONFIG, "SET", "maxmemory", "0");

      Readiness readiness = RedisReadiness.check(client, clocks(client));

      assertThat(readiness.ready()).as(readiness.reason()).isTrue();
      assertThat(readiness.details()).containsEntry("maxmemory", "0");
    }
  }

  @Test
  void a_redis_that_does_not_answer_is_not_ready_naming_the_timeout() {
    try (UnifiedJedis client = client("redis://127.0.0.1:1")) {
      Readiness readiness = RedisReadiness.check(client, clocks(client));

      assertThat(readiness.state()).isEqualTo(Readiness.State.UNAVAILABLE);
      assertThat(readiness.reason()).contains("Redis did not answer", RedisSettings.TIMEOUT);
    }
  }

  private static RedisClockCheck clocks(UnifiedJedis client) {
    return new RedisClockCheck(
        () ->
            RedisClocks.survey(client, Optional.empty(), RedisSettings.DEFAULT_CLOCK_SKEW_WARNING));
  }

  private static UnifiedJedis client(String url) {
    return RedisConnection.connect(
        RedisSettings.read(Map.of(RedisSettings.URL, url, RedisSettings.TIMEOUT, "1s")::get));
  }
}
