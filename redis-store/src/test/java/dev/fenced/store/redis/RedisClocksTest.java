package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.store.spi.Readiness;
import dev.fenced.testservers.EmbeddedRedis;
import dev.fenced.testservers.RedisClusterServer;
import dev.fenced.testservers.RedisProcess;
import dev.fenced.testservers.RedisSentinelServer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

/**
 * The Redis nodes' clocks read on real topologies started by the test: every node of a Cluster and
 * of a Sentinel set-up is found and read; nodes sharing this host's clock read apart by no more
 * than the uncertainty the round trips leave; a node behind a proxy that sets its {@code TIME} back
 * is named in a WARNING and the readiness details.
 */
class RedisClocksTest {

  private static final Duration BOUND = RedisSettings.DEFAULT_CLOCK_SKEW_WARNING;

  /**
   * What nodes on one host, sharing its clock, may still differ by: {@code TIME} counts whole
   * microseconds, and the host's clock may be slewed between two readings.
   */
  private static final long SAME_CLOCK_NANOS = 10_000;

  @Test
  void every_node_of_a_cluster_of_three_primaries_with_a_replica_each_is_read_and_in_step() {
    try (RedisClusterServer cluster = RedisClusterServer.start(3, 1)) {
      RedisSettings settings =
          settings(RedisSettings.URL, cluster.url(), RedisSettings.TOPOLOGY, "cluster");
      try (UnifiedJedis client = RedisConnection.connect(settings)) {
        ClockSkew skew = survey(client, settings);

        assertThat(skew.readings())
            .extracting(NodeTime::node)
            .containsExactlyInAnyOrderElementsOf(
                cluster.nodes().stream()
                    .map(node -> "127.0.0.1:" + node.port() + " (" + role(cluster, node) + ")")
                    .toList());
        assertThat(skew.unmeasured()).isEmpty();
        assertThat(skew.spreadNanos())
            .isLessThanOrEqualTo(skew.uncertaintyNanos() + SAME_CLOCK_NANOS);
        assertThat(skew.exceeds()).isFalse();
        assertThat(skew.details())
            .doesNotContainKeys(ClockSkew.WARNING, ClockSkew.NOT_MEASURED)
            .hasEntrySatisfying(
                ClockSkew.SPREAD, spread -> assertThat(spread).contains("over 6 nodes"));
      }
    }
  }

  @Test
  void an_applications_own_cluster_client_reads_its_primaries_and_lists_the_replicas_unread() {
    try (RedisClusterServer cluster = RedisClusterServer.start(2, 1);
        JedisCluster client =
            new JedisCluster(cluster.seeds(), DefaultJedisClientConfig.builder().build())) {
      ClockSkew skew = RedisClocks.survey(client, Optional.empty(), BOUND);

      assertThat(skew.readings())
          .extracting(NodeTime::node)
          .containsExactlyInAnyOrderElementsOf(
              cluster.primaries().stream()
                  .map(node -> "127.0.0.1:" + node.port() + " (primary)")
                  .toList());
      assertThat(skew.unmeasured()).hasSize(2);
      assertThat(skew.unmeasured().values())
          .allMatch(why -> why.contains("the application's own client"));
    }
  }

  @Test
  void the_primary_and_the_replica_behind_sentinel_are_read() {
    try (RedisSentinelServer sentinel = RedisSentinelServer.start("fenced-clocks")) {
      RedisSettings settings =
          settings(
              RedisSettings.URL,
              sentinel.url(),
              RedisSettings.SENTINEL_MASTER,
              sentinel.masterName());
      try (UnifiedJedis client = RedisConnection.connect(settings)) {
        ClockSkew skew = survey(client, settings);

        assertThat(skew.readings())
            .extracting(NodeTime::node)
            .containsExactly(
                "127.0.0.1:" + sentinel.primary().port() + " (primary)",
                "127.0.0.1:" + sentinel.replica().port() + " (replica)");
        assertThat(skew.spreadNanos())
            .isLessThanOrEqualTo(skew.uncertaintyNanos() + SAME_CLOCK_NANOS);
        assertThat(skew.exceeds()).isFalse();
      }
    }
  }

  @Test
  void a_replica_whose_clock_reads_seconds_behind_is_named_in_a_warning_and_the_store_stays_ready()
      throws Exception {
    try (RedisSentinelServer sentinel = RedisSentinelServer.start("fenced-clocks-skewed");
        SkewedClockProxy skewed =
            new SkewedClockProxy(sentinel.replica().port(), Duration.ofSeconds(5));
        LoggedWarnings warnings = new LoggedWarnings()) {
      announce(sentinel, skewed.port());
      RedisSettings settings =
          settings(
              RedisSettings.URL,
              sentinel.url(),
              RedisSettings.SENTINEL_MASTER,
              sentinel.masterName());
      try (UnifiedJedis client = RedisConnection.connect(settings)) {
        Readiness readiness =
            RedisReadiness.check(client, new RedisClockCheck(() -> survey(client, settings)));

        String replica = "127.0.0.1:" + skewed.port() + " (replica)";
        assertThat(readiness.ready()).as(readiness.reason()).isTrue();
        // 5 s as measured: 4999.8 ms as well as 5000.3 ms
        assertThat(readiness.details().get(ClockSkew.WARNING))
            .startsWith("The clock of Redis node " + replica + " reads ")
            .containsPattern(" reads (49[5-9][0-9]|50[0-4][0-9])(\\.[0-9])? ms ")
            .contains("behind 127.0.0.1:" + sentinel.primary().port() + " (primary)");
        assertThat(warnings.messages()).containsExactly(readiness.details().get(ClockSkew.WARNING));
      }
    }
  }

  @Test
  void sentinel_replicas_are_listed_unmeasured_when_the_client_is_the_applications() {
    try (RedisSentinelServer sentinel = RedisSentinelServer.start("fenced-clocks-own");
        UnifiedJedis client =
            TestClients.configured(
                RedisSettings.URL,
                sentinel.url(),
                RedisSettings.SENTINEL_MASTER,
                sentinel.masterName())) {
      ClockSkew skew = RedisClocks.survey(client, Optional.empty(), BOUND);

      RedisProcess replica = sentinel.replica();
      assertThat(skew.readings()).hasSize(1);
      assertThat(skew.details().get(ClockSkew.NOT_MEASURED))
          .startsWith("127.0.0.1:" + replica.port() + " (replica): not read: the application's");
    }
  }

  @Test
  void a_single_server_is_read_with_nothing_to_compare() {
    try (EmbeddedRedis redis = EmbeddedRedis.start();
        UnifiedJedis client = TestClients.configured(RedisSettings.URL, redis.url().toString())) {
      ClockSkew skew = RedisClocks.survey(client, Optional.empty(), BOUND);

      assertThat(skew.readings()).extracting(NodeTime::node).isEqualTo(List.of("the server"));
      assertThat(skew.details()).containsEntry(ClockSkew.SPREAD, "1 node, nothing to compare");
    }
  }

  /** As the store surveys: with the settings to connect to the nodes the client holds none to. */
  private static ClockSkew survey(UnifiedJedis client, RedisSettings settings) {
    return RedisClocks.survey(client, Optional.of(RedisTopology.client(settings)), BOUND);
  }

  private static RedisSettings settings(String... keysAndValues) {
    Map<String, String> config = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      config.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return RedisSettings.read(config::get);
  }

  private static String role(RedisClusterServer cluster, RedisProcess node) {
    return cluster.primaries().contains(node) ? "primary" : "replica";
  }

  /**
   * Makes the replica announce {@code port} to its primary (as a replica behind NAT would), and
   * waits until the primary's {@code ROLE} lists it there.
   */
  private static void announce(RedisSentinelServer sentinel, int port) throws InterruptedException {
    try (Jedis replica = sentinel.replica().connect()) {
      replica.configSet("replica-announce-port", Integer.toString(port));
      replica.clientKill(ClientKillParams.clientKillParams().type(ClientType.MASTER));
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    try (Jedis primary = sentinel.primary().connect()) {
      while (!primary.role().toString().contains(Integer.toString(port))) {
        assertThat(System.nanoTime())
            .as("the primary lists the replica at " + port)
            .isLessThan(deadline);
        Thread.sleep(50);
      }
    }
  }

  /** The WARNINGs the clock check logs meanwhile. */
  private static final class LoggedWarnings extends Handler implements AutoCloseable {

    private final Logger logger = Logger.getLogger(RedisClockCheck.class.getName());
    private final List<String> messages = new CopyOnWriteArrayList<>();

    LoggedWarnings() {
      logger.addHandler(this);
    }

    List<String> messages() {
      return messages;
    }

    @Override
    public void publish(LogRecord record) {
      if (record.getLevel() == java.util.logging.Level.WARNING) {
        messages.add(record.getMessage());
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      logger.removeHandler(this);
    }
  }
}
