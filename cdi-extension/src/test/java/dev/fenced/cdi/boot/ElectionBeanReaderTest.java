package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ElectionBeanReaderTest {

  @LeaderElection("inventory:warehouse-feed")
  static class Feed implements OnLeadershipAcquired, OnLeadershipLost {
    @Override
    public void onLeadershipAcquired(Lock lease) {}

    @Override
    public void onLeadershipLost(LeadershipLost.Reason reason) {}
  }

  @LeaderElection(value = "reports", ttl = "1m")
  static class Reports implements OnLeadershipLost {
    @Override
    public void onLeadershipLost(LeadershipLost.Reason reason) {}
  }

  @LeaderElection("mute")
  static class Mute {}

  @LeaderElection(value = " ", ttl = "0")
  static class Broken {}

  static class NoElection {}

  @Test
  void reads_key_ttl_and_which_callbacks_exist() {
    assertThat(read(Feed.class, Map.of()))
        .isEqualTo(
            new ElectionBean(
                Feed.class.getName(),
                "inventory:warehouse-feed",
                Duration.ofSeconds(30),
                true,
                true));
    ElectionBean reports = read(Reports.class, Map.of());
    assertThat(reports.ttl()).isEqualTo(Duration.ofMinutes(1));
    assertThat(reports.onAcquired()).isFalse();
    assertThat(reports.onLost()).isTrue();
  }

  @Test
  void a_class_without_the_annotation_has_no_election() {
    assertThat(
            new ElectionBeanReader(ConfigLookup.of(Map.of()))
                .read(Annotateds.type(NoElection.class)))
        .isEmpty();
  }

  @Test
  void config_overrides_the_ttl_class_first_then_annotation_key_then_annotation_then_global() {
    String klass = Reports.class.getName() + "/LeaderElection/ttl";

    assertThat(read(Reports.class, Map.of(klass, "5s", "LeaderElection/ttl", "6s")).ttl())
        .isEqualTo(Duration.ofSeconds(5));
    assertThat(read(Reports.class, Map.of("LeaderElection/ttl", "6s")).ttl())
        .isEqualTo(Duration.ofSeconds(6));
    assertThat(read(Reports.class, Map.of("fenced.locks.ttl", "7s")).ttl())
        .isEqualTo(Duration.ofMinutes(1));
    assertThat(read(Feed.class, Map.of("fenced.locks.ttl", "7s")).ttl())
        .isEqualTo(Duration.ofSeconds(7));
  }

  @Test
  void a_bean_implementing_neither_callback_is_refused() {
    assertThatThrownBy(() -> read(Mute.class, Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining(Mute.class.getName())
        .hasMessageContaining("OnLeadershipAcquired")
        .hasMessageContaining("OnLeadershipLost");
  }

  @Test
  void an_empty_key_and_a_bad_ttl_are_each_reported() {
    assertThatThrownBy(() -> read(Broken.class, Map.of()))
        .isInstanceOfSatisfying(
            InvalidModelException.class,
            e ->
                assertThat(e.problems())
                    .hasSize(3)
                    .anySatisfy(p -> assertThat(p).contains("FENCED-D011", "empty key"))
                    .anySatisfy(
                        p ->
                            assertThat(p).contains("FENCED-D001", "@LeaderElection ttl", "\"0\"")));
  }

  private static ElectionBean read(Class<?> type, Map<String, String> config) {
    return new ElectionBeanReader(ConfigLookup.of(config))
        .read(Annotateds.type(type))
        .orElseThrow();
  }
}
