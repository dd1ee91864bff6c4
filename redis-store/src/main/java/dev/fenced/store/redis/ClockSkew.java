package dev.fenced.store.redis;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * How far apart the clocks of the Redis nodes are, from one {@code TIME} reading of each. After a
 * failover or an eviction loses a lock key's token counter, the next fencing token is the clock of
 * the primary that serves the key ({@link RedisLockStore}); a node whose clock is behind the one
 * that drew the last token by more than the time between the two may hand out a lower token, and a
 * fence then admits the writes of the holder of the higher, older one. The spread is the offset of
 * the node furthest ahead less that of the node furthest behind, each offset taken at the midpoint
 * of its round trip, known to within half of both round trips. A spread above {@code
 * fenced.redis.clock-skew-warning} (on the midpoint estimate, whatever the uncertainty) is {@link
 * #exceeds() exceeded}.
 *
 * @param readings the nodes read, in the order read; copied
 * @param unmeasured the nodes that could not be read, each with why; copied
 * @param bound {@code fenced.redis.clock-skew-warning}
 */
record ClockSkew(List<NodeTime> readings, Map<String, String> unmeasured, Duration bound) {

  /** The readiness detail with the spread, its uncertainty and the node count. */
  static final String SPREAD = "clock-spread";

  /** The readiness detail with the warning, present when the spread exceeds the bound. */
  static final String WARNING = "clock-warning";

  /** The readiness detail naming the nodes that could not be read. */
  static final String NOT_MEASURED = "clock-not-measured";

  ClockSkew {
    readings = List.copyOf(readings);
    unmeasured = new TreeMap<>(unmeasured);
  }

  /**
   * A survey that could not list or read the nodes.
   *
   * @param reason why, e.g. a command the server refused
   * @param bound {@code fenced.redis.clock-skew-warning}
   * @return a skew of no reading, which never exceeds the bound; the reason is filed under no node
   */
  static ClockSkew failed(String reason, Duration bound) {
    return new ClockSkew(List.of(), Map.of("", reason), bound);
  }

  /** The spread of the offsets in nanoseconds; 0 with fewer than two readings. */
  long spreadNanos() {
    return readings.size() < 2 ? 0 : ahead().offsetNanos() - behind().offsetNanos();
  }

  /** How far the true spread may lie from {@link #spreadNanos()}: half of both round trips. */
  long uncertaintyNanos() {
    return readings.size() < 2 ? 0 : ahead().uncertaintyNanos() + behind().uncertaintyNanos();
  }

  /** Whether the spread is above the bound. */
  boolean exceeds() {
    return spreadNanos() > bound.toNanos();
  }

  /**
   * What to log and show when the spread exceeds the bound.
   *
   * @return the node behind, by how much and what to do
   */
  String warning() {
    return "The clock of Redis node "
        + behind().node()
        + " reads "
        + millis(spreadNanos())
        + " ± "
        + millis(uncertaintyNanos())
        + " behind "
        + ahead().node()
        + ", more than "
        + RedisSettings.CLOCK_SKEW_WARNING
        + " ("
        + bound.toMillis()
        + " ms). When a failover or an eviction loses a lock's token counter, the next fencing token"
        + " is the clock of the primary that serves the lock: a node whose clock is behind may draw"
        + " a lower fencing token than one already issued, and a fence would then admit the writes"
        + " of a holder that lost the lock. Synchronise the clocks of the Redis hosts (NTP).";
  }

  /**
   * The readiness details: {@value #SPREAD}, and {@value #WARNING} and {@value #NOT_MEASURED} when
   * they apply.
   *
   * @return the details
   */
  Map<String, String> details() {
    Map<String, String> details = new LinkedHashMap<>();
    details.put(SPREAD, summary());
    if (exceeds()) {
      details.put(WARNING, warning());
    }
    if (!readings.isEmpty() && !unmeasured.isEmpty()) {
      details.put(NOT_MEASURED, listed(unmeasured));
    }
    return details;
  }

  /**
   * The spread in a line, for the log and {@value #SPREAD}.
   *
   * @return e.g. {@code 1.2 ms ± 0.3 ms over 6 nodes (warning above 100 ms: ...)}
   */
  String summary() {
    if (readings.isEmpty()) {
      return "not measured: " + listed(unmeasured);
    }
    if (readings.size() == 1) {
      return "1 node, nothing to compare";
    }
    return millis(spreadNanos())
        + " ± "
        + millis(uncertaintyNanos())
        + " over "
        + readings.size()
        + " nodes (warning above "
        + bound.toMillis()
        + " ms: "
        + RedisSettings.CLOCK_SKEW_WARNING
        + ")";
  }

  /** The node furthest ahead, other than {@link #behind()}: two nodes in step are two. */
  private NodeTime ahead() {
    NodeTime behind = behind();
    return readings.stream()
        .filter(reading -> reading != behind)
        .max(Comparator.comparingLong(NodeTime::offsetNanos))
        .orElseThrow();
  }

  private NodeTime behind() {
    return readings.stream().min(Comparator.comparingLong(NodeTime::offsetNanos)).orElseThrow();
  }

  /** Each node with why it was not read; a reason under no node is for them all. */
  private static String listed(Map<String, String> unmeasured) {
    return unmeasured.entrySet().stream()
        .map(e -> e.getKey().isEmpty() ? e.getValue() : e.getKey() + ": " + e.getValue())
        .collect(Collectors.joining("; "));
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
  }
}
