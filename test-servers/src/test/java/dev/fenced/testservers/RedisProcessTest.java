package dev.fenced.testservers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

class RedisProcessTest {

  @Test
  void a_started_process_answers_on_its_own_loopback_port() {
    try (RedisProcess redis = RedisProcess.start(0, List.of());
        Jedis jedis = redis.connect()) {
      assertThat(jedis.ping()).isEqualTo("PONG");
      assertThat(jedis.configGet("bind")).containsEntry("bind", "127.0.0.1");
      assertThat(jedis.configGet("maxmemory-policy"))
          .containsEntry("maxmemory-policy", "noeviction");
      assertThat(jedis.info("server")).contains("process_id:" + redis.pid());
    }
  }

  @Test
  void a_killed_process_is_gone_and_refuses_connections() {
    try (RedisProcess redis = RedisProcess.start(0, List.of())) {
      redis.kill();

      assertThat(redis.isAlive()).isFalse();
      assertThat(ProcessHandle.of(redis.pid())).isEmpty();
      assertThatThrownBy(() -> redis.connect().ping()).isInstanceOf(JedisConnectionException.class);
    }
  }

  @Test
  void a_frozen_process_answers_nothing_until_thawed() {
    try (RedisProcess redis = RedisProcess.start(0, List.of())) {
      var impatient = DefaultJedisClientConfig.builder().socketTimeoutMillis(300).build();
      try (FrozenProcess frozen = redis.freeze()) {
        assertThatThrownBy(() -> new Jedis(redis.hostAndPort(), impatient).ping())
            .isInstanceOf(JedisConnectionException.class)
            .hasStackTraceContaining("timed out");
      }
      try (Jedis jedis = redis.connect()) {
        assertThat(jedis.ping()).isEqualTo("PONG");
      }
    }
  }

  @Test
  void a_process_that_cannot_start_fails_with_the_tail_of_its_log() {
    assertThatThrownBy(() -> RedisProcess.start(0, List.of("--no-such-directive", "x")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("exited")
        .hasMessageContaining("no-such-directive");
  }

  @Test
  void close_stops_the_process_and_deletes_its_directory() {
    RedisProcess redis = RedisProcess.start(0, List.of());
    Path directory = redis.directory();

    redis.close();

    assertThat(redis.isAlive()).isFalse();
    assertThat(Files.exists(directory)).isFalse();
  }
}
