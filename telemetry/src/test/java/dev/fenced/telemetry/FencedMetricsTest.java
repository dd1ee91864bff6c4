package dev.fenced.telemetry;

import static org.assertj.core.api.Assertions.assertThatCode;

import dev.fenced.core.metrics.StoreCall;
import dev.fenced.core.metrics.StoreOperation;
import dev.fenced.idempotency.IdempotencyReplayed;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FencedMetricsTest {

  @Test
  void withoutOpenTelemetryNothingIsRecordedAndNothingFails() {
    FencedMetrics metrics = new FencedMetrics();

    assertThatCode(
            () -> {
              metrics.called(
                  new StoreCall(
                      "memory",
                      StoreOperation.LOCK_ACQUIRE,
                      StoreCall.Answer.DONE,
                      1,
                      Optional.empty()));
              metrics.replayed(new IdempotencyReplayed("t", "k"));
            })
        .doesNotThrowAnyException();
  }
}
