package dev.fenced.store.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import redis.clients.jedis.HostAndPort;

/**
 * One line of a reply to {@code CLUSTER NODES}: a node's client address and what it is flagged.
 *
 * @param address the client address ({@code ip:port}); an empty host when the node has none yet
 * @param hostname the hostname the node announces, or {@code null}
 * @param flags e.g. {@code myself,master}, {@code slave}, {@code master,fail?}
 */
record ClusterNodeLine(HostAndPort address, String hostname, String flags) {

  private static final Set<String> FAILING = Set.of("fail", "fail?", "noaddr", "handshake");

  /**
   * Reads a reply.
   *
   * @param reply the reply's text
   * @return a node per line
   */
  static List<ClusterNodeLine> parse(String reply) {
    List<ClusterNodeLine> nodes = new ArrayList<>();
    for (String line : reply.split("\n")) {
      String[] fields = line.strip().split(" ");
      if (fields.length < 3) {
        continue;
      }
      // ip:port@cport[,hostname[,aux=value...]]
      String[] endpoint = fields[1].split(",");
      String address = endpoint[0].split("@", 2)[0];
      int colon = address.lastIndexOf(':');
      nodes.add(
          new ClusterNodeLine(
              new HostAndPort(
                  address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))),
              endpoint.length > 1 && !endpoint[1].isEmpty() && !endpoint[1].contains("=")
                  ? endpoint[1]
                  : null,
              fields[2]));
    }
    return nodes;
  }

  /** {@code primary}, {@code replica}, or the flags when neither. */
  String role() {
    List<String> all = List.of(flags.split(","));
    if (all.contains("master")) {
      return "primary";
    }
    return all.contains("slave") ? "replica" : flags;
  }

  /** Whether the node is flagged failing, or has no address yet: nothing to read. */
  boolean failing() {
    return List.of(flags.split(",")).stream().anyMatch(FAILING::contains);
  }
}
