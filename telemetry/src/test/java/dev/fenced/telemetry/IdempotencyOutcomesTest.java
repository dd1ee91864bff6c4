package dev.fenced.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IdempotencyOutcomesTest {

  @Test
  void theDocumentedRefusalsHaveTheirOwnOutcome() {
    assertThat(IdempotencyOutcomes.of(ErrorCode.IDEMPOTENCY_KEY_IN_USE)).isEqualTo("conflict");
    assertThat(IdempotencyOutcomes.of(ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT)).isEqualTo("conflict");
    assertThat(IdempotencyOutcomes.of(ErrorCode.IDEMPOTENCY_KEY_REUSED)).isEqualTo("reused");
    assertThat(IdempotencyOutcomes.of(ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE))
        .isEqualTo("unavailable");
    assertThat(IdempotencyOutcomes.of(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE))
        .isEqualTo("unreadable");
    assertThat(IdempotencyOutcomes.of(ErrorCode.IDEMPOTENCY_KEY_REQUIRED)).isEqualTo("invalid");
  }

  @Test
  void everyErrorCodeMapsToOneOfTheDocumentedOutcomes() {
    Set<String> documented =
        Set.of("conflict", "reused", "unavailable", "unreadable", "invalid", "failed");

    assertThat(Arrays.stream(ErrorCode.values()).map(IdempotencyOutcomes::of))
        .allMatch(documented::contains);
  }
}
