package dev.fenced.testservers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.util.JedisClusterCRC16;

class RedisClusterServerTest {

  private static RedisClusterServer cluster;
  private static JedisCluster client;

  @BeforeAll
  static void startCluster() {
    cluster = RedisClusterServer.start(3, 1);
    client = new JedisCluster(cluster.seeds());
  }

  @AfterAll
  static void stopCluster() {
    client.close();
    cluster.close();
  }

  @Test
  void a_cluster_client_writes_and_reads_a_hundred_keys_spread_over_every_primary() {
    IntStream.range(0, 100).forEach(i -> client.set("spread:" + i, "v" + i));

    IntStream.range(0, 100).forEach(i -> assertThat(client.get("spread:" + i)).isEqualTo("v" + i));
    assertThat(cluster.primaries()).hasSize(3);
    for (RedisProcess primary : cluster.primaries()) {
      try (Jedis direct = primary.connect()) {
        assertThat(direct.keys("spread:*")).as("keys on %s", primary).isNotEmpty();
      }
    }
  }

  @Test
  void primary_for_names_the_node_that_holds_the_key() {
    client.set("holder", "here");

    RedisProcess primary = cluster.primaryFor("holder".getBytes(UTF_8));

    try (Jedis direct = primary.connect()) {
      assertThat(direct.clusterKeySlot("holder")).isEqualTo(JedisClusterCRC16.getSlot("holder"));
      assertThat(direct.get("holder")).isEqualTo("here");
    }
  }

  @Test
  void the_url_and_the_seeds_name_the_three_primaries() {
    assertThat(cluster.url()).matches("redis://127\\.0\\.0\\.1:\\d+(,127\\.0\\.0\\.1:\\d+){2}");
    assertThat(cluster.seeds())
        .containsExactlyElementsOf(
            cluster.primaries().stream().map(RedisProcess::hostAndPort).toList());
  }

  @Test
  void a_replica_takes_over_a_killed_primary_and_the_cluster_serves_its_keys_again() {
    try (RedisClusterServer own = RedisClusterServer.start(3, 1);
        JedisCluster ownClient = new JedisCluster(own.seeds())) {
      ownClient.set("failover", "before");
      RedisProcess primary = own.primaryFor("failover".getBytes(UTF_8));
      RedisProcess replica = own.replicaOf(primary);

      primary.kill();
      own.awaitPromoted(replica, Duration.ofSeconds(20));

      assertThat(own.primaryFor("failover".getBytes(UTF_8))).isSameAs(replica);
      ownClient.set("failover", "after");
      assertThat(ownClient.get("failover")).isEqualTo("after");
    }
  }
}
