package dev.fenced.testservers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A Redis Cluster of its own for a test: {@link RedisProcess}es on free ports of {@code 127.0.0.1},
 * the 16384 slots spread evenly over the primaries, each primary with the same number of replicas.
 * {@link #start(int, int)} returns once every node reports {@code cluster_state:ok}, knows every
 * other node and its role, and every replica's link to its primary is up.
 *
 * <p>The nodes fail over fast: {@code cluster-node-timeout} is 1 s, and a replica takes over
 * however long it lagged ({@code cluster-replica-validity-factor 0}). A test may {@link
 * RedisProcess#kill() kill} the {@link #primaryFor(byte[]) primary of a key} and {@link
 * #awaitPromoted(RedisProcess, Duration) wait} for its {@link #replicaOf(RedisProcess) replica} to
 * take over. Close it when done.
 *
 * <pre>{@code
 * try (RedisClusterServer cluster = RedisClusterServer.start(3, 1);
 *     JedisCluster client = new JedisCluster(cluster.seeds())) {
 *   client.set("k", "v");
 * }
 * }</pre>
 */
public final class RedisClusterServer implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(RedisClusterServer.class.getName());
  private static final Duration READY = Duration.ofSeconds(30);
  private static final int SLOTS = 16384;
  private static final List<String> NODE_ARGS =
      List.of(
          "--cluster-enabled", "yes",
          "--cluster-config-file", "nodes.conf",
          "--cluster-node-timeout", "1000",
          "--cluster-replica-validity-factor", "0",
          "--appendonly", "no");

  /** Every node, primaries first, in the order started. */
  private final List<RedisProcess> nodes;

  /** Each node's id, fixed when it started. */
  private final Map<RedisProcess, String> ids;

  private RedisClusterServer(List<RedisProcess> nodes, Map<RedisProcess, String> ids) {
    this.nodes = List.copyOf(nodes);
    this.ids = Map.copyOf(ids);
  }

  /**
   * Starts a cluster and waits (up to 30 s) until it serves every slot.
   *
   * @param primaries how many primaries share the slots, at least 1
   * @param replicasPerPrimary how many replicas each primary has, at least 0
   * @return the running cluster
   * @throws IllegalStateException when a node does not start or the cluster does not settle; the
   *     nodes started are stopped
   */
  public static RedisClusterServer start(int primaries, int replicasPerPrimary) {
    if (primaries < 1 || replicasPerPrimary < 0) {
      throw new IllegalArgumentException(
          "a cluster needs a primary or more and no negative count of replicas");
    }
    long started = System.nanoTime();
    List<RedisProcess> nodes = new ArrayList<>();
    try {
      for (int i = 0; i < primaries * (1 + replicasPerPrimary); i++) {
        nodes.add(RedisProcess.start(0, NODE_ARGS));
      }
      Map<RedisProcess, String> ids = new LinkedHashMap<>();
      for (int i = 0; i < nodes.size(); i++) {
        try (Jedis jedis = nodes.get(i).connect()) {
          ids.put(nodes.get(i), jedis.clusterMyId());
          // distinct epochs, as redis-cli --cluster create sets them: no collision to resolve
          jedis.clusterSetConfigEpoch(i + 1L);
        }
      }
      RedisClusterServer cluster = new RedisClusterServer(nodes, ids);
      cluster.form(primaries, replicasPerPrimary);
      LOG.info(
          () ->
              "Redis Cluster of "
                  + nodes.size()
                  + " nodes ready in "
                  + Duration.ofNanos(System.nanoTime() - started).toMillis()
                  + " ms: "
                  + cluster.url());
      return cluster;
    } catch (RuntimeException e) {
      nodes.forEach(RedisProcess::close);
      throw e;
    }
  }

  /**
   * The primaries that serve slots now, as seeds for a cluster client.
   *
   * @return the addresses of {@link #primaries()}
   */
  public Set<HostAndPort> seeds() {
    return primaries().stream()
        .map(RedisProcess::hostAndPort)
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  /**
   * The URL of the cluster, naming the primaries that serve slots now.
   *
   * @return {@code redis://127.0.0.1:p1,127.0.0.1:p2,...}
   */
  public String url() {
    return "redis://"
        + primaries().stream()
            .map(node -> "127.0.0.1:" + node.port())
            .collect(Collectors.joining(","));
  }

  /**
   * The live primaries that serve slots now, as a live node sees them: after a failover the
   * promoted replica takes the place of the primary it replaced.
   *
   * @return the primaries, ordered by the first slot each serves
   */
  public List<RedisProcess> primaries() {
    return view().stream()
        .filter(node -> node.isHealthyPrimary() && !node.slots().isEmpty())
        .sorted(Comparator.comparingInt(ClusterNode::firstSlot))
        .map(this::process)
        .filter(RedisProcess::isAlive)
        .toList();
  }

  /**
   * Every node, primaries and replicas, whatever their role now.
   *
   * @return the nodes in the order they started: the first primaries, then their replicas
   */
  public List<RedisProcess> nodes() {
    return nodes;
  }

  /**
   * The primary that serves a key's slot now, as a live node sees it.
   *
   * @param keyName the key's name, as the client sends it
   * @return the node a client writes the key to
   * @throws IllegalStateException when no healthy primary serves the slot
   */
  public RedisProcess primaryFor(byte[] keyName) {
    int slot = JedisClusterCRC16.getSlot(keyName);
    return view().stream()
        .filter(node -> node.isHealthyPrimary() && node.serves(slot))
        .findFirst()
        .map(this::process)
        .orElseThrow(() -> new IllegalStateException("no healthy primary serves slot " + slot));
  }

  /**
   * A live replica of a primary now, as a live node sees it; works for a primary already killed
   * too, until its replica has taken over.
   *
   * @param primary one of {@link #nodes()}
   * @return a live node that replicates {@code primary}
   * @throws IllegalArgumentException when the cluster knows no live replica of it
   */
  public RedisProcess replicaOf(RedisProcess primary) {
    String primaryId = idOf(primary);
    return view().stream()
        .filter(node -> node.replicates(primaryId))
        .map(this::process)
        .filter(RedisProcess::isAlive)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no live replica of " + primary));
  }

  /**
   * Waits until a replica has taken over: it reports {@code role:master}, and every node that runs
   * and answers sees it as a healthy primary with slots and reports {@code cluster_state:ok}.
   *
   * @param replica one of {@link #nodes()}, usually {@link #replicaOf(RedisProcess)} of a primary
   *     the test killed or froze
   * @param within how long to wait
   * @throws IllegalStateException when it has not taken over within {@code within}
   */
  public void awaitPromoted(RedisProcess replica, Duration within) {
    String replicaId = idOf(replica);
    Await.until(
        within,
        replica + " is the primary of its slots",
        () -> {
          try (Jedis jedis = replica.connect()) {
            if (!RedisInfo.has(jedis.info("replication"), "role", "master")) {
              return false;
            }
          }
          for (RedisProcess node : nodes) {
            if (node.isAlive() && !sees(node, replicaId)) {
              return false;
            }
          }
          return true;
        });
  }

  /** Stops every node, replicas first, and deletes their directories. */
  @Override
  public void close() {
    for (int i = nodes.size() - 1; i >= 0; i--) {
      nodes.get(i).close();
    }
  }

  @Override
  public String toString() {
    return "Redis Cluster " + nodes;
  }

  /** Whether {@code node}, if it answers, has {@code cluster_state:ok} and sees a new primary. */
  private boolean sees(RedisProcess node, String primaryId) {
    String info;
    String clusterNodes;
    try (Jedis jedis = node.connect()) {
      info = jedis.clusterInfo();
      clusterNodes = jedis.clusterNodes();
    } catch (RuntimeException e) {
      return true; // frozen, or died just now: it reports nothing
    }
    return RedisInfo.has(info, "cluster_state", "ok")
        && ClusterNode.parse(clusterNodes).stream()
            .anyMatch(
                n -> n.id().equals(primaryId) && n.isHealthyPrimary() && !n.slots().isEmpty());
  }

  private void form(int primaries, int replicasPerPrimary) {
    RedisProcess first = nodes.get(0);
    try (Jedis jedis = first.connect()) {
      for (RedisProcess node : nodes.subList(1, nodes.size())) {
        jedis.clusterMeet("127.0.0.1", node.port());
      }
    }
    for (int i = 0; i < primaries; i++) {
      int from = i * SLOTS / primaries;
      int to = (i + 1) * SLOTS / primaries;
      try (Jedis jedis = nodes.get(i).connect()) {
        jedis.clusterAddSlots(IntStream.range(from, to).toArray());
      }
    }
    for (RedisProcess node : nodes) {
      Await.until(READY, node + " knows every node", () -> knowsAll(node));
    }
    for (int i = 0; i < primaries; i++) {
      String primaryId = idOf(nodes.get(i));
      for (int r = 0; r < replicasPerPrimary; r++) {
        RedisProcess replica = nodes.get(primaries + i * replicasPerPrimary + r);
        Await.until(
            READY,
            replica + " replicates " + nodes.get(i),
            () -> {
              try (Jedis jedis = replica.connect()) {
                return "OK".equals(jedis.clusterReplicate(primaryId));
              }
            });
      }
    }
    for (RedisProcess node : nodes) {
      Await.until(
          READY, node + " serves the cluster", () -> settled(node, primaries, replicasPerPrimary));
    }
  }

  private boolean knowsAll(RedisProcess node) {
    try (Jedis jedis = node.connect()) {
      Set<String> known =
          ClusterNode.parse(jedis.clusterNodes()).stream()
              .filter(n -> !n.flags().contains("handshake"))
              .map(ClusterNode::id)
              .collect(Collectors.toSet());
      return known.containsAll(ids.values());
    }
  }

  /**
   * Whether a node reports {@code cluster_state:ok}, sees every other node in the role it was given
   * and, if it is a replica, has its link to the primary up.
   */
  private boolean settled(RedisProcess node, int primaries, int replicasPerPrimary) {
    try (Jedis jedis = node.connect()) {
      if (!RedisInfo.has(jedis.clusterInfo(), "cluster_state", "ok")) {
        return false;
      }
      int index = nodes.indexOf(node);
      if (index >= primaries
          && !RedisInfo.has(jedis.info("replication"), "master_link_status", "up")) {
        return false;
      }
      List<ClusterNode> view = ClusterNode.parse(jedis.clusterNodes());
      for (int i = 0; i < nodes.size(); i++) {
        String id = ids.get(nodes.get(i));
        String primaryId =
            i < primaries ? null : ids.get(nodes.get((i - primaries) / replicasPerPrimary));
        boolean seen =
            view.stream()
                .anyMatch(
                    n ->
                        n.id().equals(id)
                            && (primaryId == null
                                ? n.isHealthyPrimary()
                                : n.replicates(primaryId)));
        if (!seen) {
          return false;
        }
      }
      return true;
    }
  }

  /** How the first node that answers sees the cluster. */
  private List<ClusterNode> view() {
    RuntimeException last = null;
    for (RedisProcess node : nodes) {
      if (!node.isAlive()) {
        continue;
      }
      try (Jedis jedis = node.connect()) {
        return ClusterNode.parse(jedis.clusterNodes());
      } catch (RuntimeException e) {
        last = e;
      }
    }
    throw new IllegalStateException("no node of " + this + " answers", last);
  }

  private RedisProcess process(ClusterNode node) {
    return ids.entrySet().stream()
        .filter(entry -> entry.getValue().equals(node.id()))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("a stranger in the cluster: " + node));
  }

  private String idOf(RedisProcess node) {
    String id = ids.get(node);
    if (id == null) {
      throw new IllegalArgumentException(node + " is no node of " + this);
    }
    return id;
  }
}
