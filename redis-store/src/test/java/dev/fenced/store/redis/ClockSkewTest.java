package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How far apart the Redis nodes' clocks are, from readings of {@code TIME} given here: each node's
 * time is set against the midpoint of its round trip on this JVM's clock, the spread is known to
 * within half of the two round trips, and a spread beyond the bound names the node behind.
 */
class ClockSkewTest {

  private static final Duration BOUND = Duration.ofMillis(100);

  /** A server time of the year 2026, in microseconds. */
  private static final long T = 1_796_000_000_000_000L;

  @Test
  void nodes_whose_clocks_agree_within_the_bound_give_no_warning() {
    ClockSkew skew =
        new ClockSkew(
            List.of(
                reading("a:1 (primary)", T, 0, 1_000_000),
                reading("b:2 (replica)", T + 12_000, 10_000_000, 11_000_000)),
            Map.of(),
            BOUND);

    assertThat(skew.spreadNanos()).isEqualTo(2_000_000);
    assertThat(skew.uncertaintyNanos()).isEqualTo(1_000_000);
    assertThat(skew.exceeds()).isFalse();
    assertThat(skew.details())
        .containsEntry(
            ClockSkew.SPREAD,
            "2.0 ms ± 1.0 ms over 2 nodes (warning above 100 ms: "
                + RedisSettings.CLOCK_SKEW_WARNING
                + ")")
        .doesNotContainKey(ClockSkew.WARNING);
  }

  @Test
  void a_node_behind_the_others_by_more_than_the_bound_is_named_in_a_warning() {
    ClockSkew skew =
        new ClockSkew(
            List.of(
                reading("a:1 (primary)", T, 0, 1_000_000),
                reading("c:3 (replica)", T + 1_000 - 250_000, 1_000_000, 2_000_000),
                reading("b:2 (primary)", T + 2_000, 2_000_000, 3_000_000)),
            Map.of(),
            BOUND);

    assertThat(skew.exceeds()).isTrue();
    assertThat(skew.spreadNanos()).isEqualTo(250_000_000);
    assertThat(skew.warning())
        .startsWith("The clock of Redis node c:3 (replica) reads 250.0 ms ± 1.0 ms behind a:1")
        .contains(RedisSettings.CLOCK_SKEW_WARNING, "100 ms", "lower fencing token", "NTP");
    assertThat(skew.details()).containsEntry(ClockSkew.WARNING, skew.warning());
  }

  @Test
  void each_time_is_set_against_the_midpoint_of_its_round_trip() {
    // a reads its clock halfway through a 40 ms round trip, b halfway through a 2 ms one: in step
    ClockSkew skew =
        new ClockSkew(
            List.of(
                reading("a:1 (primary)", T + 20_000, 0, 40_000_000),
                reading("b:2 (replica)", T + 101_000, 100_000_000, 102_000_000)),
            Map.of(),
            BOUND);

    assertThat(skew.spreadNanos()).isZero();
    assertThat(skew.uncertaintyNanos()).isEqualTo(21_000_000);
    assertThat(skew.details()).containsEntry(ClockSkew.SPREAD, spread("0.0 ms ± 21.0 ms", 2));
  }

  @Test
  void a_spread_beyond_the_bound_warns_even_when_a_slow_round_trip_makes_it_uncertain() {
    ClockSkew skew =
        new ClockSkew(
            List.of(
                reading("a:1 (primary)", T, 0, 300_000_000),
                reading("b:2 (primary)", T + 272_000, 300_000_000, 302_000_000)),
            Map.of(),
            BOUND);

    assertThat(skew.spreadNanos()).isEqualTo(121_000_000);
    assertThat(skew.exceeds()).isTrue();
    assertThat(skew.warning()).contains("a:1 (primary) reads 121.0 ms ± 151.0 ms behind b:2");
  }

  @Test
  void one_server_has_nothing_to_compare_and_gives_no_warning() {
    ClockSkew skew = new ClockSkew(List.of(reading("a:1", T, 0, 1_000)), Map.of(), BOUND);

    assertThat(skew.exceeds()).isFalse();
    assertThat(skew.details())
        .containsEntry(ClockSkew.SPREAD, "1 node, nothing to compare")
        .doesNotContainKey(ClockSkew.WARNING);
  }

  @Test
  void nodes_that_could_not_be_read_are_listed_with_the_reason() {
    ClockSkew skew =
        new ClockSkew(
            List.of(reading("a:1 (primary)", T, 0, 1_000), reading("b:2 (replica)", T, 0, 1_000)),
            Map.of("c:3 (primary)", "flagged fail"),
            BOUND);

    assertThat(skew.details()).containsEntry(ClockSkew.NOT_MEASURED, "c:3 (primary): flagged fail");
  }

  @Test
  void a_survey_that_failed_reports_why() {
    ClockSkew skew = ClockSkew.failed("CLUSTER NODES refused", BOUND);

    assertThat(skew.exceeds()).isFalse();
    assertThat(skew.details())
        .containsEntry(ClockSkew.SPREAD, "not measured: CLUSTER NODES refused");
  }

  private static String spread(String amount, int nodes) {
    return amount
        + " over "
        + nodes
        + " nodes (warning above 100 ms: "
        + RedisSettings.CLOCK_SKEW_WARNING
        + ")";
  }

  private static NodeTime reading(String node, long serverMicros, long sent, long received) {
    return new NodeTime(node, serverMicros, sent, received);
  }
}
