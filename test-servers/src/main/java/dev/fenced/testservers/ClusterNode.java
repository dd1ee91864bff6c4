package dev.fenced.testservers;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One line of a reply to {@code CLUSTER NODES}: how one node of a Redis Cluster sees another.
 *
 * @param id the node's id
 * @param port its client port, 0 when the node has no address yet
 * @param flags e.g. {@code myself}, {@code master}, {@code slave}, {@code fail?}, {@code fail}
 * @param primaryId the id of the primary it replicates, or {@code "-"} for a primary
 * @param slots the slot ranges it serves, each {@code {first, last}}
 */
record ClusterNode(String id, int port, Set<String> flags, String primaryId, List<int[]> slots) {

  /**
   * Reads a reply to {@code CLUSTER NODES}.
   *
   * @param reply the reply's text
   * @return one node per line
   */
  static List<ClusterNode> parse(String reply) {
    List<ClusterNode> nodes = new ArrayList<>();
    for (String line : reply.split("\n")) {
      if (!line.isBlank()) {
        nodes.add(parseLine(line.strip()));
      }
    }
    return nodes;
  }

  private static ClusterNode parseLine(String line) {
    String[] fields = line.split(" ");
    String address = fields[1];
    int bus = address.indexOf('@');
    String hostPort = bus >= 0 ? address.substring(0, bus) : address.split(",")[0];
    int port = Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    List<int[]> slots = new ArrayList<>();
    for (int i = 8; i < fields.length; i++) {
      String range = fields[i];
      if (range.startsWith("[")) {
        continue; // a slot being migrated or imported
      }
      int dash = range.indexOf('-');
      slots.add(
          dash < 0
              ? new int[] {Integer.parseInt(range), Integer.parseInt(range)}
              : new int[] {
                Integer.parseInt(range.substring(0, dash)),
                Integer.parseInt(range.substring(dash + 1))
              });
    }
    return new ClusterNode(fields[0], port, Set.of(fields[2].split(",")), fields[3], slots);
  }

  /**
   * Whether the node is a primary not flagged as failing.
   *
   * @return whether it has the flag {@code master} and neither {@code fail} nor {@code fail?}
   */
  boolean isHealthyPrimary() {
    return flags.contains("master") && !flags.contains("fail") && !flags.contains("fail?");
  }

  /**
   * Whether the node replicates the primary with id {@code primary}.
   *
   * @param primary a node id
   * @return whether it has the flag {@code slave} and that primary
   */
  boolean replicates(String primary) {
    return flags.contains("slave") && primaryId.equals(primary);
  }

  /**
   * Whether the node serves a slot.
   *
   * @param slot 0 to 16383
   * @return whether one of its ranges holds the slot
   */
  boolean serves(int slot) {
    return slots.stream().anyMatch(range -> range[0] <= slot && slot <= range[1]);
  }

  /**
   * The first slot it serves, to order primaries.
   *
   * @return the lowest slot, or {@link Integer#MAX_VALUE} when it serves none
   */
  int firstSlot() {
    return slots.stream().mapToInt(range -> range[0]).min().orElse(Integer.MAX_VALUE);
  }
}
