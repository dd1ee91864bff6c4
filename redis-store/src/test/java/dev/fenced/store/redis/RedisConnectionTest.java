package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.testservers.EmbeddedRedis;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/** The pooled client built from the settings, and the eviction check. */
class RedisConnectionTest {

  @Test
  void the_pooled_client_follows_the_settings_and_the_policy_is_read() {
    try (EmbeddedRedis redis = EmbeddedRedis.start()) {
      RedisSettings settings =
          RedisSettings.read(
              Map.of(RedisSettings.URL, redis.url().toString(), "fenced.redis.pool.max-total", "20")
                  ::get);
      try (JedisPooled client = (JedisPooled) RedisConnection.connect(settings)) {
        assertThat(client.getPool().getMaxTotal()).isEqualTo(20);
        assertThat(RedisConnection.warnUnlessNoEviction(client)).isEqualTo("noeviction");

        client.sendCommand(Protocol.Command.CONFIG, "SET", "maxmemory-policy", "allkeys-lru");
        assertThat(RedisConnection.warnUnlessNoEviction(client)).isEqualTo("allkeys-lru");
      }
    }
  }

  @Test
  void a_cluster_client_that_reaches_no_seed_node_fails_naming_nothing_secret() {
    RedisSettings settings =
        RedisSettings.read(
            Map.of(
                    RedisSettings.URL,
                    "redis://:secret@127.0.0.1:1,127.0.0.1:2",
                    RedisSettings.TIMEOUT,
                    "200ms")
                ::get);
    assertThat(settings.topology()).isEqualTo(RedisTopology.CLUSTER);
    assertThat(settings.address().nodes())
        .containsExactly(new HostAndPort("127.0.0.1", 1), new HostAndPort("127.0.0.1", 2));

    assertThatThrownBy(() -> RedisConnection.connect(settings).close())
        .isInstanceOf(RuntimeException.class)
        .message()
        .doesNotContain("secret");
    assertThat(List.of(settings.toString())).noneMatch(text -> text.contains("secret"));
  }
}
