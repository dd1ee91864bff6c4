package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.JobLock;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.annotation.PostConstruct;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobMethodReaderTest {

  static class Exports {
    @OnOneInstance
    @WithoutOverlapping
    public void export() {}

    @OnOneInstance(key = "invoices", ttl = "45s")
    public void keyed() {}

    @WithoutOverlapping(ttl = "12x")
    public void badTtl() {}

    @OnOneInstance(ttl = "0")
    @WithoutOverlapping(ttl = "-5s")
    public void twoBadTtls() {}

    public void plain() {}
  }

  @OnOneInstance(ttl = "2m")
  static class Nightly {
    public void first() {}

    @OnOneInstance(ttl = "10s")
    public void tuned() {}

    @PostConstruct
    void init() {}

    private void helper() {}

    static void utility() {}
  }

  private static final String EXPORTS = Exports.class.getName();

  @Test
  void the_default_key_is_the_fully_qualified_class_and_method() {
    JobMethod job = read(Exports.class, "export").orElseThrow();

    assertThat(job.target()).isEqualTo(EXPORTS + ".export");
    assertThat(job.oneInstance())
        .hasValueSatisfying(l -> assertThat(l.key()).isEqualTo(EXPORTS + ".export"));
    assertThat(job.withoutOverlapping())
        .hasValueSatisfying(l -> assertThat(l.key()).isEqualTo(EXPORTS + ".export"));
    assertThat(job.leaseKey()).hasValue(EXPORTS + ".export:owner");
  }

  @Test
  void the_ttl_defaults_to_thirty_seconds() {
    JobMethod job = read(Exports.class, "export").orElseThrow();

    assertThat(job.oneInstance().orElseThrow().ttl()).isEqualTo(Duration.ofSeconds(30));
    assertThat(job.withoutOverlapping().orElseThrow().ttl()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void the_annotation_sets_key_and_ttl() {
    JobMethod job = read(Exports.class, "keyed").orElseThrow();

    assertThat(job.oneInstance()).hasValue(new JobLock("invoices", Duration.ofSeconds(45)));
    assertThat(job.leaseKey()).hasValue("invoices:owner");
    assertThat(job.withoutOverlapping()).isEmpty();
  }

  @Test
  void a_method_without_the_annotations_is_not_a_job() {
    assertThat(read(Exports.class, "plain")).isEmpty();
  }

  @Test
  void config_overrides_the_ttl_method_first_then_class_then_annotation_then_global() {
    String method = EXPORTS + "/keyed/OnOneInstance/ttl";
    String klass = EXPORTS + "/OnOneInstance/ttl";

    assertThat(ttl(Map.of(method, "1m", klass, "2m", "OnOneInstance/ttl", "3m")))
        .isEqualTo(Duration.ofMinutes(1));
    assertThat(ttl(Map.of(klass, "2m", "OnOneInstance/ttl", "3m")))
        .isEqualTo(Duration.ofMinutes(2));
    assertThat(ttl(Map.of("OnOneInstance/ttl", "3m", "fenced.locks.ttl", "4m")))
        .isEqualTo(Duration.ofMinutes(3));
    assertThat(ttl(Map.of("fenced.locks.ttl", "4m"))).isEqualTo(Duration.ofSeconds(45));
  }

  @Test
  void the_global_ttl_applies_when_nothing_else_is_set() {
    JobMethod job =
        new JobMethodReader(ConfigLookup.of(Map.of("fenced.locks.ttl", "4m")))
            .read(MethodAnnotations.of(Exports.class, method(Exports.class, "export")))
            .orElseThrow();

    assertThat(job.oneInstance().orElseThrow().ttl()).isEqualTo(Duration.ofMinutes(4));
  }

  @Test
  void each_annotation_has_its_own_override_keys() {
    JobMethod job =
        new JobMethodReader(
                ConfigLookup.of(Map.of(EXPORTS + "/export/WithoutOverlapping/ttl", "5m")))
            .read(MethodAnnotations.of(Exports.class, method(Exports.class, "export")))
            .orElseThrow();

    assertThat(job.withoutOverlapping().orElseThrow().ttl()).isEqualTo(Duration.ofMinutes(5));
    assertThat(job.oneInstance().orElseThrow().ttl()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void an_invalid_ttl_names_class_method_option_value_and_source() {
    assertThatThrownBy(() -> read(Exports.class, "badTtl"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining(EXPORTS + ".badTtl")
        .hasMessageContaining("@WithoutOverlapping ttl")
        .hasMessageContaining("\"12x\"")
        .hasMessageContaining("@WithoutOverlapping(ttl) on " + EXPORTS + ".badTtl");
  }

  @Test
  void an_invalid_ttl_from_config_names_the_config_key() {
    assertThatThrownBy(
            () ->
                new JobMethodReader(
                        ConfigLookup.of(Map.of(EXPORTS + "/export/OnOneInstance/ttl", "soon")))
                    .read(MethodAnnotations.of(Exports.class, method(Exports.class, "export"))))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("\"soon\"")
        .hasMessageContaining("config key " + EXPORTS + "/export/OnOneInstance/ttl");
  }

  @Test
  void every_problem_of_a_method_is_reported() {
    assertThatThrownBy(() -> read(Exports.class, "twoBadTtls"))
        .isInstanceOfSatisfying(
            InvalidModelException.class,
            e ->
                assertThat(e.problems())
                    .hasSize(2)
                    .anySatisfy(
                        p -> assertThat(p).contains("FENCED-D001", "@OnOneInstance ttl", "\"0\""))
                    .anySatisfy(p -> assertThat(p).contains("@WithoutOverlapping ttl", "\"-5s\"")));
  }

  @Test
  void a_class_annotation_guards_every_business_method_with_its_own_default_key() {
    String nightly = Nightly.class.getName();

    assertThat(read(Nightly.class, "first").orElseThrow().oneInstance())
        .hasValue(new JobLock(nightly + ".first", Duration.ofMinutes(2)));
    assertThat(read(Nightly.class, "tuned").orElseThrow().oneInstance())
        .hasValue(new JobLock(nightly + ".tuned", Duration.ofSeconds(10)));
  }

  @Test
  void a_class_annotation_leaves_lifecycle_private_and_static_methods_alone() {
    assertThat(read(Nightly.class, "init")).isEmpty();
    assertThat(read(Nightly.class, "helper")).isEmpty();
    assertThat(read(Nightly.class, "utility")).isEmpty();
  }

  private static Duration ttl(Map<String, String> config) {
    return new JobMethodReader(ConfigLookup.of(config))
        .read(MethodAnnotations.of(Exports.class, method(Exports.class, "keyed")))
        .orElseThrow()
        .oneInstance()
        .orElseThrow()
        .ttl();
  }

  private static Optional<JobMethod> read(Class<?> type, String name) {
    return new JobMethodReader(ConfigLookup.of(Map.of()))
        .read(MethodAnnotations.of(type, method(type, name)));
  }

  private static Method method(Class<?> type, String name) {
    try {
      return type.getDeclaredMethod(name);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
