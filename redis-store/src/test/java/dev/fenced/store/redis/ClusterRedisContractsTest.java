package dev.fenced.store.redis;

import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import dev.fenced.testservers.RedisClusterServer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Both store contracts and the administration contracts on a Redis Cluster, through the client a
 * server builds from {@code fenced.redis.url} with the seed nodes: the Cluster that {@value
 * #URL_VARIABLE} names (seed nodes, e.g. {@code redis://10.0.0.5:7000,10.0.0.6:7000}), else one of
 * 3 primaries with a replica each that this test starts on loopback ports.
 */
class ClusterRedisContractsTest extends RedisContracts {

  /** The environment variable naming a Redis Cluster of one's own to run the suites on. */
  static final String URL_VARIABLE = "FENCED_TEST_REDIS_CLUSTER_URL";

  private RedisClusterServer cluster;

  @Override
  UnifiedJedis connect() {
    String url = System.getenv(URL_VARIABLE);
    if (url == null || url.isBlank()) {
      if (cluster == null) {
        cluster = RedisClusterServer.start(3, 1);
      }
      url = cluster.url();
    }
    return TestClients.configured(
        RedisSettings.URL, url.strip(), RedisSettings.TOPOLOGY, "cluster");
  }

  @Override
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  String name() {
    return "cluster";
  }

  /**
   * A Cluster passes a {@code PUBLISH} from a script to every node, so the one subscription of a
   * store, on whichever node it is, hears the ends of claims on all of them: one key in each third
   * of the slots (one primary's share each, as this test's Cluster splits them) lands at least two
   * of them on a primary other than the subscription's.
   */
  @Nested
  class ClaimEndsOnEveryNode {

    @Test
    void a_watch_is_woken_by_the_end_of_a_claim_in_every_third_of_the_slots() throws Exception {
      String prefix = TestClients.uniquePrefix("claim-ends-nodes");
      RedisKeys keys = new RedisKeys(prefix);
      try (UnifiedJedis watching = connect();
          UnifiedJedis ending = connect();
          RedisIdempotencyStore store = new RedisIdempotencyStore(watching, prefix)) {
        RedisIdempotencyStore other = new RedisIdempotencyStore(ending, prefix);
        for (int third = 0; third < 3; third++) {
          String key = keyInSlots(keys, third * SLOTS / 3, (third + 1) * SLOTS / 3);
          other.acquire(key, "owner", "fp", 600_000);
          CompletableFuture<Void> woken = new CompletableFuture<>();

          try (ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
            other.complete(key, "owner", new byte[] {1}, 600_000);

            woken.get(5, TimeUnit.SECONDS);
          }
        }
      }
    }

    private static final int SLOTS = 16384;

    private String keyInSlots(RedisKeys keys, int from, int to) {
      for (int i = 0; ; i++) {
        String key = "node-" + i;
        int slot = JedisClusterCRC16.getSlot(keys.name("idem", key));
        if (slot >= from && slot < to) {
          return key;
        }
      }
    }
  }
}
