package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LockGlobalsTest {

  @Test
  void the_defaults_are_thirty_seconds_and_interrupting() {
    LockGlobals globals = LockGlobals.of(ConfigLookup.of(Map.of()));

    assertThat(globals)
        .isEqualTo(new LockGlobals(Duration.ofSeconds(30), true, Duration.ofHours(24)));
    assertThat(LockGlobals.problems(ConfigLookup.of(Map.of()))).isEmpty();
  }

  @Test
  void every_key_is_read() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of(
                "fenced.locks.ttl", "45s",
                "fenced.locks.interrupt-on-loss", " FALSE ",
                "fenced.locks.max-renewal", "7d"));

    assertThat(LockGlobals.of(config))
        .isEqualTo(new LockGlobals(Duration.ofSeconds(45), false, Duration.ofDays(7)));
  }

  @Test
  void an_invalid_ttl_cap_or_boolean_is_a_problem_naming_the_key_and_value() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of(
                "fenced.locks.ttl", "0",
                "fenced.locks.interrupt-on-loss", "yes",
                "fenced.locks.max-renewal", "0"));

    assertThat(LockGlobals.problems(config))
        .hasSize(3)
        .anySatisfy(p -> assertThat(p).contains("fenced.locks.max-renewal", "\"0\""))
        .anySatisfy(p -> assertThat(p).contains("FENCED-D101: fenced.locks.ttl", "\"0\""))
        .anySatisfy(p -> assertThat(p).contains("FENCED-D103: fenced.locks.interrupt-on-loss=yes"));
    assertThat(LockGlobals.of(config).ttl()).isEqualTo(Duration.ofSeconds(30));
  }
}
