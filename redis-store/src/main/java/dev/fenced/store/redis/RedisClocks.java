package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisSentineled;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Reads the {@code TIME} of every Redis node the client can reach, to compare their clocks ({@link
 * ClockSkew}): each node is read a few times and the reading with the shortest round trip kept.
 *
 * <ul>
 *   <li>A Redis Cluster ({@link JedisCluster}): every node {@code CLUSTER NODES} lists, primaries
 *       and replicas, since any of them may come to serve a slot; nodes flagged failing are left
 *       out, with why.
 *   <li>Sentinel ({@link JedisSentineled}): the primary, and the replicas its {@code ROLE} lists.
 *   <li>A single server: that one, with nothing to compare.
 * </ul>
 *
 * A node the client holds no pool for (a Cluster client holds pools for the primaries only, a
 * Sentinel client for the primary) is read over a connection of its own, with the settings of
 * {@code fenced.redis.*}; with a client the application provides, Fenced has no settings to connect
 * to it, and lists it as not measured.
 */
final class RedisClocks {

  /** Readings of each node; the one with the shortest round trip is kept. */
  static final int SAMPLES = 3;

  private final UnifiedJedis jedis;
  private final Optional<JedisClientConfig> dial;
  private final List<NodeTime> readings = new ArrayList<>();
  private final Map<String, String> unmeasured = new LinkedHashMap<>();

  private RedisClocks(UnifiedJedis jedis, Optional<JedisClientConfig> dial) {
    this.jedis = jedis;
    this.dial = dial;
  }

  /**
   * Reads every node's clock. Never throws: what could not be read is listed with why.
   *
   * @param jedis the store's client
   * @param dial how to connect to a node the client holds no connection to, when known
   * @param bound {@code fenced.redis.clock-skew-warning}
   * @return the readings
   */
  static ClockSkew survey(UnifiedJedis jedis, Optional<JedisClientConfig> dial, Duration bound) {
    RedisClocks clocks = new RedisClocks(jedis, dial);
    try {
      if (jedis instanceof JedisCluster cluster) {
        clocks.cluster(cluster);
      } else if (jedis instanceof JedisSentineled sentineled) {
        clocks.sentinel(sentineled);
      } else {
        clocks.read("the server", () -> jedis.sendCommand(Protocol.Command.TIME));
      }
    } catch (RuntimeException e) {
      return ClockSkew.failed(e.getMessage() == null ? e.toString() : e.getMessage(), bound);
    }
    return new ClockSkew(clocks.readings, clocks.unmeasured, bound);
  }

  private void cluster(JedisCluster cluster) {
    Map<String, ConnectionPool> pools = cluster.getClusterNodes();
    for (ClusterNodeLine node : ClusterNodeLine.parse(clusterNodes(pools))) {
      String name = node.address() + " (" + node.role() + ")";
      if (node.address().getHost().isEmpty() || node.failing()) {
        unmeasured.put(name, "flagged " + node.flags());
        continue;
      }
      ConnectionPool pool = pools.get(node.address().toString());
      if (pool == null && node.hostname() != null) {
        pool = pools.get(new HostAndPort(node.hostname(), node.address().getPort()).toString());
      }
      if (pool != null) {
        ConnectionPool nodePool = pool;
        readOwn(name, () -> nodePool.getResource());
      } else {
        dialed(name, node.address());
      }
    }
  }

  private static String clusterNodes(Map<String, ConnectionPool> pools) {
    JedisException last = null;
    for (ConnectionPool pool : pools.values()) {
      try (Connection connection = pool.getResource()) {
        return text(
            connection.executeCommand(new CommandArguments(Protocol.Command.CLUSTER).add("NODES")));
      } catch (JedisException e) {
        last = e;
      }
    }
    throw new IllegalStateException(
        "no node of the Cluster answered CLUSTER NODES"
            + (last == null ? "" : ": " + last.getMessage()));
  }

  private void sentinel(JedisSentineled sentineled) {
    read(
        sentineled.getCurrentMaster() + " (primary)",
        () -> jedis.sendCommand(Protocol.Command.TIME));
    Object role;
    try {
      role = jedis.sendCommand(Protocol.Command.ROLE);
    } catch (JedisException e) {
      unmeasured.put("the replicas", "ROLE failed: " + e.getMessage());
      return;
    }
    if (role instanceof List<?> parts && parts.size() >= 3 && parts.get(2) instanceof List<?> all) {
      for (Object replica : all) {
        if (replica instanceof List<?> fields && fields.size() >= 2) {
          HostAndPort address =
              new HostAndPort(text(fields.get(0)), Integer.parseInt(text(fields.get(1))));
          dialed(address + " (replica)", address);
        }
      }
    }
  }

  private void dialed(String name, HostAndPort address) {
    if (dial.isEmpty()) {
      unmeasured.put(
          name,
          "not read: the application's own client holds no connection to it, and Fenced has no"
              + " settings to open one");
      return;
    }
    readOwn(name, () -> new Connection(address, dial.get()));
  }

  /** Reads over a connection taken from {@code connect} and closed (or given back) after. */
  private void readOwn(String name, Supplier<Connection> connect) {
    try (Connection connection = connect.get()) {
      read(name, () -> connection.executeCommand(Protocol.Command.TIME));
    } catch (JedisException e) {
      unmeasured.put(name, "could not be connected to: " + e.getMessage());
    }
  }

  private void read(String name, Supplier<Object> time) {
    NodeTime best = null;
    try {
      for (int i = 0; i < SAMPLES; i++) {
        long sent = System.nanoTime();
        Object reply = time.get();
        long received = System.nanoTime();
        NodeTime reading = new NodeTime(name, micros(reply), sent, received);
        if (best == null || reading.roundTripNanos() < best.roundTripNanos()) {
          best = reading;
        }
      }
    } catch (JedisException e) {
      unmeasured.put(name, "did not answer TIME: " + e.getMessage());
      return;
    }
    readings.add(best);
  }

  private static long micros(Object reply) {
    if (reply instanceof List<?> parts && parts.size() == 2) {
      return Long.parseLong(text(parts.get(0))) * 1_000_000 + Long.parseLong(text(parts.get(1)));
    }
    throw new IllegalStateException("TIME answered " + reply);
  }

  private static String text(Object value) {
    return value instanceof byte[] bytes ? new String(bytes, UTF_8) : String.valueOf(value);
  }
}
