package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.FencedPriorities;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterceptorOrderTest {

  @Test
  void the_defaults_keep_fenced_outside_fault_tolerance() {
    assertThat(InterceptorOrder.idempotent(ConfigLookup.of(Map.of())))
        .isEqualTo(FencedPriorities.IDEMPOTENT);
    assertThat(InterceptorOrder.problems(ConfigLookup.of(Map.of()))).isEmpty();
  }

  @Test
  void the_body_witness_sits_just_inside_fault_tolerance() {
    assertThat(InterceptorOrder.idempotentBody(ConfigLookup.of(Map.of())))
        .isEqualTo(FencedPriorities.FAULT_TOLERANCE + 1)
        .isEqualTo(FencedPriorities.IDEMPOTENT_BODY);
  }

  @Test
  void the_body_witness_follows_a_moved_fault_tolerance_priority() {
    ConfigLookup config =
        ConfigLookup.of(Map.of("mp.fault.tolerance.interceptor.priority", "5000"));

    assertThat(InterceptorOrder.idempotentBody(config)).isEqualTo(5001);
  }

  @Test
  void fault_tolerance_moved_to_fenced_priority_fails_naming_the_option() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of(
                "mp.fault.tolerance.interceptor.priority",
                String.valueOf(FencedPriorities.IDEMPOTENT)));

    assertThat(InterceptorOrder.problems(config))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains(
                        "FENCED-D105",
                        "mp.fault.tolerance.interceptor.priority=" + FencedPriorities.IDEMPOTENT,
                        "at or below"));
  }

  @Test
  void fenced_priority_moves_the_idempotent_interceptor_keeping_its_offset() {
    ConfigLookup config = ConfigLookup.of(Map.of("fenced.interceptor.priority", "100"));

    assertThat(InterceptorOrder.idempotent(config)).isEqualTo(102);
    assertThat(InterceptorOrder.problems(config)).isEmpty();
  }

  @Test
  void fenced_moved_above_fault_tolerance_fails() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of(
                "fenced.interceptor.priority", String.valueOf(FencedPriorities.FAULT_TOLERANCE)));

    assertThat(InterceptorOrder.problems(config))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("fenced.interceptor.priority="));
  }

  @Test
  void a_priority_that_is_not_an_integer_fails() {
    assertThat(
            InterceptorOrder.problems(
                ConfigLookup.of(Map.of("fenced.interceptor.priority", "high"))))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains("FENCED-D103: fenced.interceptor.priority=high", "not an integer"));
  }

  @Test
  void the_job_interceptors_keep_their_order_when_the_base_moves() {
    assertThat(InterceptorOrder.onOneInstance(ConfigLookup.of(Map.of())))
        .isEqualTo(FencedPriorities.ON_ONE_INSTANCE);
    assertThat(InterceptorOrder.withoutOverlapping(ConfigLookup.of(Map.of())))
        .isEqualTo(FencedPriorities.WITHOUT_OVERLAPPING);

    ConfigLookup moved = ConfigLookup.of(Map.of("fenced.interceptor.priority", "3000"));

    assertThat(InterceptorOrder.onOneInstance(moved)).isEqualTo(3000);
    assertThat(InterceptorOrder.withoutOverlapping(moved)).isEqualTo(3001);
    assertThat(InterceptorOrder.idempotent(moved)).isEqualTo(3002);
  }
}
