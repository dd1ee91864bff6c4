package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobMethodReaderLockAtMostForTest {

  static class Exports {
    @OnOneInstance
    @WithoutOverlapping
    public void plain() {}

    @WithoutOverlapping(lockAtMostFor = "10m")
    public void capped() {}

    @WithoutOverlapping(lockAtMostFor = "0")
    public void zero() {}

    @WithoutOverlapping(lockAtMostFor = "soon")
    public void unparsable() {}

    @WithoutOverlapping(ttl = "30s", lockAtMostFor = "30s")
    public void notAboveTtl() {}

    @WithoutOverlapping(lockAtLeastFor = "20m", lockAtMostFor = "10m")
    public void belowMinimumHold() {}

    @WithoutOverlapping(lockAtLeastFor = "10m", lockAtMostFor = "10m")
    public void equalToMinimumHold() {}
  }

  @WithoutOverlapping(lockAtMostFor = "2h")
  static class Nightly {
    public void run() {}
  }

  private static final String EXPORTS = Exports.class.getName();

  @Test
  void without_it_the_run_lock_has_the_global_cap() {
    assertThat(maximum(Map.of(), Exports.class, "plain")).isEmpty();
  }

  @Test
  void the_annotation_sets_the_maximum_hold() {
    assertThat(maximum(Map.of(), Exports.class, "capped")).contains(Duration.ofMinutes(10));
  }

  @Test
  void the_class_annotation_sets_it_for_its_methods() {
    assertThat(maximum(Map.of(), Nightly.class, "run")).contains(Duration.ofHours(2));
  }

  @Test
  void config_overrides_it_method_first_then_class_then_annotation_wide() {
    String method = EXPORTS + "/capped/WithoutOverlapping/lockAtMostFor";
    String klass = EXPORTS + "/WithoutOverlapping/lockAtMostFor";
    String annotation = "WithoutOverlapping/lockAtMostFor";

    assertThat(
            maximum(Map.of(method, "1h", klass, "2h", annotation, "4h"), Exports.class, "capped"))
        .contains(Duration.ofHours(1));
    assertThat(maximum(Map.of(klass, "2h", annotation, "4h"), Exports.class, "capped"))
        .contains(Duration.ofHours(2));
    assertThat(maximum(Map.of(annotation, "4h"), Exports.class, "capped"))
        .contains(Duration.ofHours(4));
  }

  @Test
  void the_global_renewal_cap_is_not_read_as_a_maximum_hold() {
    assertThat(maximum(Map.of("fenced.locks.max-renewal", "1h"), Exports.class, "plain")).isEmpty();
  }

  @Test
  void the_one_instance_lease_has_no_maximum_hold() {
    JobMethod job = read(Map.of("OnOneInstance/lockAtMostFor", "5m"), Exports.class, "plain");

    assertThat(job.oneInstance().orElseThrow().lockAtMostFor()).isEmpty();
  }

  @Test
  void zero_fails_naming_the_annotation() {
    assertThatThrownBy(() -> read(Map.of(), Exports.class, "zero"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D001")
        .hasMessageContaining("@WithoutOverlapping lockAtMostFor")
        .hasMessageContaining("\"0\"");
  }

  @Test
  void an_unparsable_value_fails_naming_the_config_key() {
    String key = EXPORTS + "/plain/WithoutOverlapping/lockAtMostFor";

    assertThatThrownBy(() -> read(Map.of(key, "soon"), Exports.class, "plain"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D001")
        .hasMessageContaining("\"soon\"")
        .hasMessageContaining("config key " + key);
  }

  @Test
  void a_maximum_hold_not_above_the_ttl_fails() {
    assertThatThrownBy(() -> read(Map.of(), Exports.class, "notAboveTtl"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D001")
        .hasMessageContaining(EXPORTS + ".notAboveTtl")
        .hasMessageContaining("not above the run lock's ttl of PT30S");
  }

  @Test
  void a_maximum_hold_not_above_a_configured_global_ttl_fails() {
    assertThatThrownBy(() -> read(Map.of("fenced.locks.ttl", "20m"), Exports.class, "capped"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("not above the run lock's ttl of PT20M");
  }

  @Test
  void a_maximum_hold_below_the_minimum_hold_fails() {
    assertThatThrownBy(() -> read(Map.of(), Exports.class, "belowMinimumHold"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D001")
        .hasMessageContaining("below lockAtLeastFor PT20M");
  }

  @Test
  void a_maximum_hold_equal_to_the_minimum_hold_is_valid() {
    assertThat(maximum(Map.of(), Exports.class, "equalToMinimumHold"))
        .contains(Duration.ofMinutes(10));
  }

  private static Optional<Duration> maximum(
      Map<String, String> config, Class<?> type, String name) {
    return read(config, type, name).withoutOverlapping().orElseThrow().lockAtMostFor();
  }

  private static JobMethod read(Map<String, String> config, Class<?> type, String name) {
    try {
      return new JobMethodReader(ConfigLookup.of(config))
          .read(MethodAnnotations.of(type, type.getDeclaredMethod(name)))
          .orElseThrow();
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
