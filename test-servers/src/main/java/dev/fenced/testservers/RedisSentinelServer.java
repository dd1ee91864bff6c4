package dev.fenced.testservers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * A Redis primary with one replica, watched by three Sentinels (quorum 2), all {@link
 * RedisProcess}es on free ports of {@code 127.0.0.1}. {@link #start(String)} returns once the
 * replica's link is up and every sentinel knows the primary, the replica and the two other
 * sentinels.
 *
 * <p>The sentinels fail over fast: a primary that does not answer for 1 s is down ({@code
 * down-after-milliseconds 1000}), and a failover times out after 5 s. A test may {@link
 * RedisProcess#kill() kill} the {@link #primary()} and {@link #awaitPromoted(RedisProcess,
 * Duration) wait} for the {@link #replica()} to take over. Close it when done.
 *
 * <pre>{@code
 * try (RedisSentinelServer redis = RedisSentinelServer.start("fenced");
 *     JedisSentineled client =
 *         new JedisSentineled(redis.masterName(), DefaultJedisClientConfig.builder().build(),
 *             redis.sentinels(), DefaultJedisClientConfig.builder().build())) {
 *   client.set("k", "v");
 * }
 * }</pre>
 */
public final class RedisSentinelServer implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(RedisSentinelServer.class.getName());
  private static final Duration READY = Duration.ofSeconds(30);
  private static final int SENTINELS = 3;

  private final String masterName;

  /** The primary and the replica, in the roles they started with. */
  private final List<RedisProcess> dataNodes;

  private final List<RedisProcess> sentinelProcesses;

  private RedisSentinelServer(
      String masterName, List<RedisProcess> dataNodes, List<RedisProcess> sentinels) {
    this.masterName = masterName;
    this.dataNodes = List.copyOf(dataNodes);
    this.sentinelProcesses = List.copyOf(sentinels);
  }

  /**
   * Starts a primary, its replica and three sentinels, and waits (up to 30 s per step) until they
   * know each other.
   *
   * @param masterName the name the sentinels monitor the primary under: letters, digits, {@code -},
   *     {@code _} or {@code .}
   * @return the running servers
   * @throws IllegalStateException when a process does not start or the sentinels do not settle; the
   *     processes started are stopped
   */
  public static RedisSentinelServer start(String masterName) {
    if (!masterName.matches("[A-Za-z0-9._-]+")) {
      throw new IllegalArgumentException("not a plain master name: " + masterName);
    }
    long started = System.nanoTime();
    List<RedisProcess> dataNodes = new ArrayList<>();
    List<RedisProcess> sentinels = new ArrayList<>();
    try {
      RedisProcess primary = RedisProcess.start(0, List.of());
      dataNodes.add(primary);
      RedisProcess replica =
          RedisProcess.start(
              0, List.of("--replicaof", "127.0.0.1", Integer.toString(primary.port())));
      dataNodes.add(replica);
      // linked before the sentinels start: a sentinel's first INFO of the primary lists the replica
      Await.until(
          READY,
          replica + " replicates " + primary,
          () -> {
            try (Jedis jedis = replica.connect()) {
              return RedisInfo.has(jedis.info("replication"), "master_link_status", "up");
            }
          });
      List<String> config =
          List.of(
              "sentinel monitor " + masterName + " 127.0.0.1 " + primary.port() + " 2",
              "sentinel down-after-milliseconds " + masterName + " 1000",
              "sentinel failover-timeout " + masterName + " 5000",
              "sentinel parallel-syncs " + masterName + " 1");
      for (int i = 0; i < SENTINELS; i++) {
        sentinels.add(RedisProcess.startSentinel(0, config));
      }
      RedisSentinelServer server = new RedisSentinelServer(masterName, dataNodes, sentinels);
      for (RedisProcess sentinel : sentinels) {
        Await.until(READY, sentinel + " knows everyone", () -> server.knowsAll(sentinel));
      }
      LOG.info(
          () ->
              "Redis Sentinel ready in "
                  + Duration.ofNanos(System.nanoTime() - started).toMillis()
                  + " ms: "
                  + server.url()
                  + " watching "
                  + primary);
      return server;
    } catch (RuntimeException e) {
      sentinels.forEach(RedisProcess::close);
      dataNodes.forEach(RedisProcess::close);
      throw e;
    }
  }

  /**
   * The name the sentinels monitor the primary under.
   *
   * @return the name given to {@link #start(String)}
   */
  public String masterName() {
    return masterName;
  }

  /**
   * The sentinels' addresses.
   *
   * @return the three sentinels
   */
  public Set<HostAndPort> sentinels() {
    return sentinelProcesses.stream()
        .map(RedisProcess::hostAndPort)
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  /**
   * The sentinels' processes, e.g. to kill or freeze one.
   *
   * @return the three sentinels
   */
  public List<RedisProcess> sentinelProcesses() {
    return sentinelProcesses;
  }

  /**
   * The URL naming the sentinels.
   *
   * @return {@code redis://127.0.0.1:s1,127.0.0.1:s2,127.0.0.1:s3}
   */
  public String url() {
    return "redis://"
        + sentinelProcesses.stream()
            .map(sentinel -> "127.0.0.1:" + sentinel.port())
            .collect(Collectors.joining(","));
  }

  /**
   * The primary now, as the first sentinel that answers names it.
   *
   * @return the process at the address of {@code SENTINEL GET-MASTER-ADDR-BY-NAME}
   * @throws IllegalStateException when no sentinel answers
   */
  public RedisProcess primary() {
    RuntimeException last = null;
    for (RedisProcess sentinel : sentinelProcesses) {
      if (!sentinel.isAlive()) {
        continue;
      }
      try {
        int port = primaryPort(sentinel);
        return dataNodes.stream()
            .filter(node -> node.port() == port)
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("the sentinels name a stranger: " + port));
      } catch (RuntimeException e) {
        last = e;
      }
    }
    throw new IllegalStateException("no sentinel of " + this + " answers", last);
  }

  /**
   * The replica now: of the primary and the replica started, the one that is not {@link
   * #primary()}. After a failover it is the old primary, whether it runs or not.
   *
   * @return the other data node
   */
  public RedisProcess replica() {
    RedisProcess primary = primary();
    return dataNodes.stream().filter(node -> node != primary).findFirst().orElseThrow();
  }

  /**
   * Waits until a replica has taken over: it reports {@code role:master}, and every sentinel that
   * runs and answers names it as the primary.
   *
   * @param replica the {@link #replica()} of a primary the test killed or froze
   * @param within how long to wait
   * @throws IllegalStateException when it has not taken over within {@code within}
   */
  public void awaitPromoted(RedisProcess replica, Duration within) {
    if (!dataNodes.contains(replica)) {
      throw new IllegalArgumentException(replica + " is no data node of " + this);
    }
    Await.until(
        within,
        "the sentinels name " + replica + " the primary",
        () -> {
          try (Jedis jedis = replica.connect()) {
            if (!RedisInfo.has(jedis.info("replication"), "role", "master")) {
              return false;
            }
          }
          for (RedisProcess sentinel : sentinelProcesses) {
            if (sentinel.isAlive() && !names(sentinel, replica)) {
              return false;
            }
          }
          return true;
        });
  }

  /** Stops the sentinels, then the replica, then the primary, and deletes their directories. */
  @Override
  public void close() {
    sentinelProcesses.forEach(RedisProcess::close);
    for (int i = dataNodes.size() - 1; i >= 0; i--) {
      dataNodes.get(i).close();
    }
  }

  @Override
  public String toString() {
    return "Redis Sentinel " + masterName + " " + url();
  }

  private int primaryPort(RedisProcess sentinel) {
    try (Jedis jedis = sentinel.connect()) {
      List<String> address = jedis.sentinelGetMasterAddrByName(masterName);
      if (address == null || address.size() != 2) {
        throw new IllegalStateException(sentinel + " does not know " + masterName);
      }
      return Integer.parseInt(address.get(1));
    }
  }

  /** Whether {@code sentinel}, if it answers, names {@code node} the primary. */
  private boolean names(RedisProcess sentinel, RedisProcess node) {
    int port;
    try {
      port = primaryPort(sentinel);
    } catch (RuntimeException e) {
      return true; // frozen, or died just now: it names nothing
    }
    return port == node.port();
  }

  /** Whether a sentinel sees the primary up, the replica linked, and both other sentinels. */
  private boolean knowsAll(RedisProcess sentinel) {
    int replicaPort = dataNodes.get(1).port();
    try (Jedis jedis = sentinel.connect()) {
      Map<String, String> master = jedis.sentinelMaster(masterName);
      if (!"master".equals(master.get("flags"))) {
        return false;
      }
      boolean replicaKnown =
          jedis.sentinelReplicas(masterName).stream()
              .anyMatch(
                  replica ->
                      Integer.toString(replicaPort).equals(replica.get("port"))
                          && "slave".equals(replica.get("flags"))
                          && "ok".equals(replica.get("master-link-status")));
      return replicaKnown && jedis.sentinelSentinels(masterName).size() == SENTINELS - 1;
    }
  }
}
