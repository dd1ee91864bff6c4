package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The field a guarded mutation runs for: its key, its request's headers, and its refusals. */
class OperationFieldTest {

  private final RunningOperation operation =
      new RunningOperation(
          List.of(new RootField("first", "pay")),
          FakeExchange.post("application/json", "").header("Idempotency-Key", "k-1").request());
  private final OperationField field = new OperationField(operation, "first");

  private Refusal refused(ErrorCode code, Duration retryAfter) {
    field.refusal(new IdempotencyException(code, "refused"), retryAfter);
    return operation.refusals().get("first");
  }

  @Test
  void has_the_response_key_it_was_handed_out_under() {
    assertThat(field.responseKey()).isEqualTo("first");
  }

  @Test
  void reads_the_headers_of_the_request_that_carries_the_operation() {
    assertThat(field.header("Idempotency-Key")).contains("k-1");
  }

  @Test
  void stores_and_replays_the_exceptions_graphql_shows_its_client() {
    assertThat(field.failures()).isSameAs(ShownErrors.INSTANCE);
  }

  @Test
  void a_refusal_is_a_graphql_error_whose_message_starts_with_the_code() {
    Exception refusal =
        field.refusal(
            new IdempotencyException(ErrorCode.IDEMPOTENCY_KEY_REUSED, "Another request."),
            Duration.ofSeconds(1));

    assertThat(refusal)
        .isInstanceOfSatisfying(
            GraphqlRefusal.class,
            graphql -> assertThat(graphql.code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED))
        .hasMessage("IDEMPOTENCY_KEY_REUSED: Another request.");
  }

  @Test
  void a_refusal_is_recorded_for_the_errors_with_its_code_and_http_status() {
    assertThat(refused(ErrorCode.IDEMPOTENCY_KEY_REUSED, Duration.ofSeconds(1)))
        .isEqualTo(new Refusal("IDEMPOTENCY_KEY_REUSED", 422, OptionalLong.empty()));
  }

  @Test
  void a_key_in_use_is_recorded_with_its_retry_after_in_seconds() {
    assertThat(refused(ErrorCode.IDEMPOTENCY_KEY_IN_USE, Duration.ofSeconds(3)))
        .isEqualTo(new Refusal("IDEMPOTENCY_KEY_IN_USE", 409, OptionalLong.of(3)));
  }

  @Test
  void a_retry_after_between_seconds_is_rounded_up() {
    assertThat(refused(ErrorCode.IDEMPOTENCY_KEY_IN_USE, Duration.ofMillis(2001)))
        .extracting(Refusal::retryAfterSeconds)
        .isEqualTo(OptionalLong.of(3));
  }

  @Test
  void a_retry_after_under_one_second_is_one_second() {
    assertThat(refused(ErrorCode.IDEMPOTENCY_KEY_IN_USE, Duration.ZERO))
        .extracting(Refusal::retryAfterSeconds)
        .isEqualTo(OptionalLong.of(1));
  }

  @Test
  void only_a_key_in_use_gets_a_retry_after() {
    assertThat(refused(ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT, Duration.ofSeconds(5)))
        .isEqualTo(new Refusal("IDEMPOTENCY_WAIT_TIMEOUT", 409, OptionalLong.empty()));
  }
}
