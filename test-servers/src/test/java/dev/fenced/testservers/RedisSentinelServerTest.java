package dev.fenced.testservers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisSentineled;

class RedisSentinelServerTest {

  @Test
  void a_sentineled_client_writes_and_reads_on_the_primary() {
    try (RedisSentinelServer redis = RedisSentinelServer.start("fenced-rw");
        JedisSentineled client = client(redis)) {
      client.set("k", "v");

      assertThat(client.get("k")).isEqualTo("v");
      assertThat(client.getCurrentMaster()).isEqualTo(redis.primary().hostAndPort());
      assertThat(redis.url()).matches("redis://127\\.0\\.0\\.1:\\d+(,127\\.0\\.0\\.1:\\d+){2}");
    }
  }

  @Test
  void killing_the_primary_promotes_the_replica_and_the_client_writes_again() {
    try (RedisSentinelServer redis = RedisSentinelServer.start("fenced-failover");
        JedisSentineled client = client(redis)) {
      client.set("k", "before");
      RedisProcess primary = redis.primary();
      RedisProcess replica = redis.replica();

      primary.kill();
      redis.awaitPromoted(replica, Duration.ofSeconds(30));

      assertThat(redis.primary()).isSameAs(replica);
      // the client learns of the switch from the sentinels' +switch-master, a moment later
      Await.until(Duration.ofSeconds(10), "the client writes again", () -> setAfter(client));
      assertThat(client.get("k")).isEqualTo("after");
      assertThat(client.getCurrentMaster()).isEqualTo(replica.hostAndPort());
    }
  }

  private static boolean setAfter(JedisSentineled client) {
    return "OK".equals(client.set("k", "after"));
  }

  private static JedisSentineled client(RedisSentinelServer redis) {
    return new JedisSentineled(
        redis.masterName(),
        DefaultJedisClientConfig.builder().build(),
        redis.sentinels(),
        DefaultJedisClientConfig.builder().build());
  }
}
