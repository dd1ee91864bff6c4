package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobMethodReaderLockAtLeastForTest {

  static class Exports {
    @OnOneInstance
    @WithoutOverlapping
    public void plain() {}

    @WithoutOverlapping(lockAtLeastFor = "3s")
    public void held() {}

    @WithoutOverlapping(lockAtLeastFor = "0")
    public void zero() {}

    @WithoutOverlapping(lockAtLeastFor = "soon")
    public void unparsable() {}

    @WithoutOverlapping(lockAtLeastFor = "3651d")
    public void tooLong() {}
  }

  @WithoutOverlapping(lockAtLeastFor = "20s")
  static class Nightly {
    public void run() {}
  }

  private static final String EXPORTS = Exports.class.getName();

  @Test
  void without_it_a_run_lock_has_no_minimum_hold() {
    assertThat(hold(Map.of(), Exports.class, "plain")).isZero();
  }

  @Test
  void the_annotation_sets_the_minimum_hold() {
    assertThat(hold(Map.of(), Exports.class, "held")).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void zero_is_no_minimum_hold() {
    assertThat(hold(Map.of(), Exports.class, "zero")).isZero();
  }

  @Test
  void the_class_annotation_sets_it_for_its_methods() {
    assertThat(hold(Map.of(), Nightly.class, "run")).isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void config_overrides_it_method_first_then_class_then_annotation_wide() {
    String method = EXPORTS + "/held/WithoutOverlapping/lockAtLeastFor";
    String klass = EXPORTS + "/WithoutOverlapping/lockAtLeastFor";
    String annotation = "WithoutOverlapping/lockAtLeastFor";

    assertThat(hold(Map.of(method, "1s", klass, "2s", annotation, "4s"), Exports.class, "held"))
        .isEqualTo(Duration.ofSeconds(1));
    assertThat(hold(Map.of(klass, "2s", annotation, "4s"), Exports.class, "held"))
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(hold(Map.of(annotation, "4s"), Exports.class, "held"))
        .isEqualTo(Duration.ofSeconds(4));
  }

  @Test
  void there_is_no_global_key() {
    assertThat(hold(Map.of("fenced.locks.lock-at-least-for", "9s"), Exports.class, "plain"))
        .isZero();
  }

  @Test
  void the_one_instance_lease_has_no_minimum_hold() {
    JobMethod job = read(Map.of("OnOneInstance/lockAtLeastFor", "5s"), Exports.class, "plain");

    assertThat(job.oneInstance().orElseThrow().lockAtLeastFor()).isZero();
  }

  @Test
  void a_negative_value_fails_naming_the_config_key() {
    String key = EXPORTS + "/plain/WithoutOverlapping/lockAtLeastFor";

    assertThatThrownBy(() -> read(Map.of(key, "-1s"), Exports.class, "plain"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D001")
        .hasMessageContaining("@WithoutOverlapping lockAtLeastFor")
        .hasMessageContaining("\"-1s\"")
        .hasMessageContaining("config key " + key);
  }

  @Test
  void an_unparsable_value_fails_naming_the_annotation() {
    assertThatThrownBy(() -> read(Map.of(), Exports.class, "unparsable"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining(EXPORTS + ".unparsable")
        .hasMessageContaining("\"soon\"")
        .hasMessageContaining("@WithoutOverlapping(lockAtLeastFor) on " + EXPORTS + ".unparsable");
  }

  @Test
  void a_value_longer_than_the_stores_keep_an_expiry_fails() {
    assertThatThrownBy(() -> read(Map.of(), Exports.class, "tooLong"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("\"3651d\"")
        .hasMessageContaining("3650d");
  }

  private static Duration hold(Map<String, String> config, Class<?> type, String name) {
    return read(config, type, name).withoutOverlapping().orElseThrow().lockAtLeastFor();
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
