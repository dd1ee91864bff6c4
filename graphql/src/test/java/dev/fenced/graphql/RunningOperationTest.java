package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The fields a running mutation hands its guarded methods, and the refusals it collects. */
class RunningOperationTest {

  private static final Refusal IN_USE =
      new Refusal("IDEMPOTENCY_KEY_IN_USE", 409, OptionalLong.of(2));
  private static final Refusal REUSED =
      new Refusal("IDEMPOTENCY_KEY_REUSED", 422, OptionalLong.empty());

  private static RunningOperation running(RootField... fields) {
    return new RunningOperation(
        List.of(fields), FakeExchange.post("application/json", "").request());
  }

  @Test
  void hands_out_the_fields_of_a_name_in_execution_order() {
    RunningOperation operation =
        running(new RootField("first", "pay"), new RootField("second", "pay"));

    assertThat(operation.next("pay")).contains("first");
    assertThat(operation.next("pay")).contains("second");
  }

  @Test
  void skips_the_fields_of_other_names() {
    RunningOperation operation =
        running(new RootField("refund", "refund"), new RootField("pay", "pay"));

    assertThat(operation.next("pay")).contains("pay");
  }

  @Test
  void never_hands_out_a_field_before_one_already_handed_out() {
    RunningOperation operation =
        running(
            new RootField("early", "pay"),
            new RootField("refund", "refund"),
            new RootField("late", "pay"));

    operation.next("refund");

    assertThat(operation.next("pay")).contains("late");
  }

  @Test
  void is_empty_when_no_further_field_of_the_name_runs() {
    RunningOperation operation = running(new RootField("first", "pay"));
    operation.next("pay");

    assertThat(operation.next("pay")).isEmpty();
  }

  @Test
  void is_empty_for_a_name_the_operation_does_not_run() {
    assertThat(running(new RootField("pay", "pay")).next("refund")).isEmpty();
  }

  @Test
  void a_header_is_the_request_header() {
    RunningOperation operation =
        new RunningOperation(
            List.of(),
            FakeExchange.post("application/json", "").header("Idempotency-Key", "k-1").request());

    assertThat(operation.header("Idempotency-Key")).contains("k-1");
    assertThat(operation.header("X-Missing")).isEmpty();
  }

  @Test
  void has_no_refusals_before_a_field_is_refused() {
    assertThat(running(new RootField("pay", "pay")).refusals()).isEmpty();
  }

  @Test
  void keeps_the_refusals_by_response_key() {
    RunningOperation operation =
        running(new RootField("first", "pay"), new RootField("second", "pay"));

    operation.refused("first", IN_USE);
    operation.refused("second", REUSED);

    assertThat(operation.refusals())
        .containsOnly(Map.entry("first", IN_USE), Map.entry("second", REUSED));
  }

  @Test
  void the_refusals_are_a_copy_that_later_refusals_leave_alone() {
    RunningOperation operation =
        running(new RootField("first", "pay"), new RootField("second", "pay"));
    operation.refused("first", IN_USE);

    Map<String, Refusal> before = operation.refusals();
    operation.refused("second", REUSED);

    assertThat(before).containsOnlyKeys("first");
    assertThatThrownBy(() -> before.put("second", REUSED))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
