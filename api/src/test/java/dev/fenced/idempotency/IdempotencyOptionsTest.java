package dev.fenced.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdempotencyOptionsTest {

  @Test
  void the_defaults_have_no_payload_and_no_ignored_fields() {
    assertThat(IdempotencyOptions.defaults().payload()).isEmpty();
    assertThat(IdempotencyOptions.defaults().ignoredFields()).isEmpty();
  }

  @Test
  void a_payload_and_its_ignored_fields_survive_the_other_with_methods() {
    IdempotencyOptions options =
        IdempotencyOptions.defaults()
            .withPayload("order-7")
            .withIgnoredFields("/requestedAt")
            .withTtl(Duration.ofHours(1))
            .withLockTtl(Duration.ofSeconds(9))
            .withOnConflict(OnConflict.WAIT)
            .withWaitTimeout(Duration.ofSeconds(3))
            .withResultType(String.class);

    assertThat(options.payload()).contains("order-7");
    assertThat(options.ignoredFields()).isEqualTo(List.of("/requestedAt"));
    assertThat(options.ttl()).contains(Duration.ofHours(1));
  }

  @Test
  void an_ignored_field_that_is_not_a_json_pointer_is_refused() {
    assertThatThrownBy(() -> IdempotencyOptions.defaults().withIgnoredFields("requestedAt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("/name");
  }

  @Test
  void a_null_payload_is_refused() {
    assertThatThrownBy(() -> IdempotencyOptions.defaults().withPayload(null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void a_result_that_ran_has_no_stored_at() {
    assertThatThrownBy(
            () ->
                new IdempotentResult<>("x", false, java.util.Optional.of(java.time.Instant.EPOCH)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(IdempotentResult.ran("x").storedAt()).isEmpty();
  }
}
