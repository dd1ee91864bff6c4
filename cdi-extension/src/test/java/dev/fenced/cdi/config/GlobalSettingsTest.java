package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GlobalSettingsTest {

  @Test
  void unset_values_take_the_documented_defaults() {
    GlobalSettings settings = GlobalSettings.of(ConfigLookup.of(Map.of()));

    assertThat(settings)
        .isEqualTo(
            new GlobalSettings(
                Duration.ofHours(24),
                Duration.ofSeconds(60),
                Duration.ofSeconds(1),
                Optional.empty(),
                Duration.ofHours(1),
                Duration.ofMillis(500)));
    assertThat(GlobalSettings.problems(ConfigLookup.of(Map.of()))).isEmpty();
  }

  @Test
  void configured_values_are_read() {
    GlobalSettings settings =
        GlobalSettings.of(
            ConfigLookup.of(
                Map.of("fenced.idempotency.ttl", "48h", "fenced.idempotency.wait-timeout", "5s")));

    assertThat(settings.ttl()).isEqualTo(Duration.ofHours(48));
    assertThat(settings.waitTimeout()).contains(Duration.ofSeconds(5));
  }

  @Test
  void iso_8601_durations_are_read_as_microprofile_config_writes_them() {
    GlobalSettings settings =
        GlobalSettings.of(
            ConfigLookup.of(
                Map.of(
                    "fenced.idempotency.ttl", "P2D", "fenced.idempotency.wait-timeout", "PT1.5S")));

    assertThat(settings.ttl()).isEqualTo(Duration.ofDays(2));
    assertThat(settings.waitTimeout()).contains(Duration.ofMillis(1500));
  }

  @Test
  void the_renewal_cap_of_claims_is_read() {
    GlobalSettings settings =
        GlobalSettings.of(ConfigLookup.of(Map.of("fenced.idempotency.max-renewal", "2h")));

    assertThat(settings.maxRenewal()).isEqualTo(Duration.ofHours(2));
  }

  @Test
  void the_longest_pause_of_a_waiting_duplicate_is_read() {
    GlobalSettings settings =
        GlobalSettings.of(ConfigLookup.of(Map.of("fenced.idempotency.wait-poll", "5s")));

    assertThat(settings.waitPoll()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void a_longest_pause_below_the_first_pause_is_reported() {
    ConfigLookup config = ConfigLookup.of(Map.of("fenced.idempotency.wait-poll", "10ms"));

    assertThat(GlobalSettings.problems(config))
        .singleElement()
        .satisfies(
            p -> assertThat(p).contains("FENCED-D103", "fenced.idempotency.wait-poll", "20ms"));
  }

  @Test
  void each_invalid_value_is_reported_naming_its_key_and_value() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of(
                "fenced.idempotency.retry-after", "0",
                "fenced.idempotency.lock-ttl", "12x",
                "fenced.idempotency.required", "maybe",
                "fenced.idempotency.on-conflict", "queue",
                "fenced.idempotency.max-renewal", "-1h"));

    assertThat(GlobalSettings.problems(config))
        .hasSize(5)
        .anySatisfy(
            p -> assertThat(p).contains("FENCED-D101: fenced.idempotency.max-renewal", "\"-1h\""))
        .anySatisfy(p -> assertThat(p).contains("fenced.idempotency.retry-after", "\"0\""))
        .anySatisfy(p -> assertThat(p).contains("fenced.idempotency.lock-ttl", "\"12x\""))
        .anySatisfy(p -> assertThat(p).contains("FENCED-D103: fenced.idempotency.required=maybe"))
        .anySatisfy(
            p -> assertThat(p).contains("FENCED-D103: fenced.idempotency.on-conflict=queue"));
  }
}
