package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BodyLimitsTest {

  @Test
  void unset_limits_are_one_mebibyte_each() {
    assertThat(BodyLimits.of(ConfigLookup.of(Map.of())))
        .isEqualTo(new BodyLimits(1L << 20, 1L << 20));
    assertThat(BodyLimits.problems(ConfigLookup.of(Map.of()))).isEmpty();
  }

  @Test
  void configured_limits_are_read() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of(
                "fenced.idempotency.max-request-size", "64KiB",
                "fenced.idempotency.max-response-size", "4MiB"));

    assertThat(BodyLimits.of(config)).isEqualTo(new BodyLimits(64L * 1024, 4L << 20));
  }

  @Test
  void each_invalid_limit_is_reported_naming_its_key_and_value() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of(
                "fenced.idempotency.max-request-size", "1MB",
                "fenced.idempotency.max-response-size", "0"));

    assertThat(BodyLimits.problems(config))
        .hasSize(2)
        .anySatisfy(
            p ->
                assertThat(p)
                    .contains("FENCED-D102: fenced.idempotency.max-request-size", "\"1MB\""))
        .anySatisfy(p -> assertThat(p).contains("fenced.idempotency.max-response-size", "\"0\""));
  }
}
