package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.tck.support.EmbeddedRedis;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * The settings read from MicroProfile Config, the pooled client built from them, and the eviction
 * check.
 */
class RedisConnectionTest {

  @Test
  void settings_have_defaults_and_read_durations() {
    RedisSettings defaults = RedisSettings.read(Map.of(RedisSettings.URL, "redis://h:1")::get);
    assertThat(defaults)
        .isEqualTo(new RedisSettings(URI.create("redis://h:1"), "fenced:", 2000, 16, 16, 0, 2000));

    RedisSettings set =
        RedisSettings.read(
            Map.of(
                    RedisSettings.URL,
                    " redis://u:p@h:2/3 ",
                    RedisSettings.PREFIX,
                    "orders:",
                    "fenced.redis.timeout",
                    "500ms",
                    "fenced.redis.pool.max-total",
                    "64",
                    "fenced.redis.pool.max-idle",
                    "8",
                    "fenced.redis.pool.min-idle",
                    "2",
                    "fenced.redis.pool.max-wait",
                    "3s")
                ::get);
    assertThat(set)
        .isEqualTo(
            new RedisSettings(URI.create("redis://u:p@h:2/3"), "orders:", 500, 64, 8, 2, 3000));
  }

  @Test
  void a_missing_url_or_a_bad_value_names_the_key() {
    assertThatThrownBy(() -> RedisSettings.read(key -> null))
        .hasMessageContaining("FENCED-D403: fenced.redis.url");
    assertThatThrownBy(
            () ->
                RedisSettings.read(
                    Map.of(RedisSettings.URL, "redis://h:1", "fenced.redis.pool.max-total", "-1")
                        ::get))
        .hasMessageContaining("FENCED-D401: fenced.redis.pool.max-total=-1");
    assertThatThrownBy(
            () ->
                RedisSettings.read(
                    Map.of(RedisSettings.URL, "redis://h:1", "fenced.redis.pool.max-wait", "soon")
                        ::get))
        .hasMessageContaining("fenced.redis.pool.max-wait=soon");
  }

  @Test
  void the_pooled_client_follows_the_settings_and_the_policy_is_read() {
    try (EmbeddedRedis redis = EmbeddedRedis.start()) {
      RedisSettings settings =
          RedisSettings.read(
              Map.of(RedisSettings.URL, redis.url().toString(), "fenced.redis.pool.max-total", "20")
                  ::get);
      try (JedisPooled client = RedisConnection.pooled(settings)) {
        assertThat(client.getPool().getMaxTotal()).isEqualTo(20);
        assertThat(RedisConnection.warnUnlessNoEviction(client)).isEqualTo("noeviction");

        client.sendCommand(Protocol.Command.CONFIG, "SET", "maxmemory-policy", "allkeys-lru");
        assertThat(RedisConnection.warnUnlessNoEviction(client)).isEqualTo("allkeys-lru");
      }
    }
  }
}
