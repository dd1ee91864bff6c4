package dev.fenced.testservers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterNodeTest {

  private static final String REPLY =
      "a1 127.0.0.1:30001@40001 myself,master - 0 0 1 connected 0-5460 [5461->-b2]\n"
          + "b2 127.0.0.1:30002@40002,host.example master - 0 1 2 connected 5461 5462-10922\n"
          + "c3 127.0.0.1:30003@40003 master,fail - 0 1 3 disconnected\n"
          + "d4 127.0.0.1:30004@40004 slave a1 0 1 1 connected\n";

  @Test
  void a_reply_of_redis_6_or_7_reads_as_ids_ports_roles_and_slots() {
    List<ClusterNode> nodes = ClusterNode.parse(REPLY);

    assertThat(nodes).extracting(ClusterNode::id).containsExactly("a1", "b2", "c3", "d4");
    assertThat(nodes).extracting(ClusterNode::port).containsExactly(30001, 30002, 30003, 30004);
    assertThat(nodes.get(0).serves(5460)).isTrue();
    assertThat(nodes.get(0).serves(5461)).isFalse();
    assertThat(nodes.get(1).serves(5461)).isTrue();
    assertThat(nodes.get(1).serves(10922)).isTrue();
    assertThat(nodes.get(1).firstSlot()).isEqualTo(5461);
  }

  @Test
  void failing_primaries_are_not_healthy_and_replicas_name_their_primary() {
    List<ClusterNode> nodes = ClusterNode.parse(REPLY);

    assertThat(nodes.get(1).isHealthyPrimary()).isTrue();
    assertThat(nodes.get(2).isHealthyPrimary()).isFalse();
    assertThat(nodes.get(3).isHealthyPrimary()).isFalse();
    assertThat(nodes.get(3).replicates("a1")).isTrue();
  }
}
