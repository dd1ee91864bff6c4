package dev.fenced.cdi.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.boot.IdempotentMethodReader;
import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import java.lang.reflect.Method;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MethodRegistryTest {

  static class Job {
    public void run() {}

    public void run(String arg) {}
  }

  static class JobSubclass extends Job {}

  public static class Shipping {
    @Idempotent
    public String onPaid(@IdempotencyKey String eventId) {
      return eventId;
    }

    public String onPaid(String eventId, int attempt) {
      return eventId;
    }
  }

  /** What a container's proxy or subclass looks like. */
  public static class Shipping$Proxy$_$$_WeldSubclass extends Shipping {
    @Override
    public String onPaid(String eventId) {
      return super.onPaid(eventId);
    }
  }

  private static Method method(Class<?> type, String name, Class<?>... parameters) {
    try {
      return type.getMethod(name, parameters);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void a_forgotten_class_loses_its_models_and_class_level_note_and_no_other_class_does() {
    MethodRegistry<String> registry =
        new MethodRegistry.Builder<String>()
            .add(Job.class, method(Job.class, "run"), "job")
            .classLevel(Job.class)
            .add(Shipping.class, method(Shipping.class, "onPaid", String.class), "shipping")
            .forget(Job.class)
            .build();

    assertThat(registry.find(Job.class, method(Job.class, "run"))).isEmpty();
    assertThatThrownBy(() -> registry.intercepted(Job.class, method(Job.class, "run"), "@X"))
        .isInstanceOf(IllegalStateException.class);
    assertThat(registry.find(Shipping.class, method(Shipping.class, "onPaid", String.class)))
        .hasValue("shipping");
  }

  @Test
  void a_proxy_subclass_finds_the_bean_classs_entry_by_signature() {
    MethodRegistry<String> registry =
        new MethodRegistry.Builder<String>()
            .add(Job.class, method(Job.class, "run"), "job")
            .build();

    assertThat(registry.find(JobSubclass.class, method(JobSubclass.class, "run"))).hasValue("job");
    assertThat(registry.find(Job.class, method(Job.class, "run", String.class))).isEmpty();
    assertThat(registry.size()).isEqualTo(1);
    assertThat(registry.all()).containsExactly("job");
  }

  @Test
  void an_empty_registry_finds_nothing() {
    assertThat(MethodRegistry.<String>empty().find(Job.class, method(Job.class, "run"))).isEmpty();
  }

  @Test
  void finds_an_idempotent_method_by_bean_class_and_signature() {
    MethodRegistry<IdempotentMethod> registry = idempotentMethodsOf(Shipping.class);

    assertThat(registry.find(Shipping.class, method(Shipping.class, "onPaid", String.class)))
        .hasValueSatisfying(
            m -> assertThat(m.target()).isEqualTo(Shipping.class.getName() + ".onPaid"));
    assertThat(
            registry.find(
                Shipping.class, method(Shipping.class, "onPaid", String.class, int.class)))
        .isEmpty();
  }

  @Test
  void a_proxy_subclass_and_its_overriding_method_find_the_beans_model() {
    Method proxied = method(Shipping$Proxy$_$$_WeldSubclass.class, "onPaid", String.class);

    assertThat(
            idempotentMethodsOf(Shipping.class)
                .find(Shipping$Proxy$_$$_WeldSubclass.class, proxied))
        .isPresent();
  }

  @Test
  void an_unrelated_class_finds_nothing() {
    assertThat(
            idempotentMethodsOf(Shipping.class)
                .find(Object.class, method(Object.class, "toString")))
        .isEmpty();
  }

  @Test
  void an_intercepted_method_with_a_model_gets_it() {
    MethodRegistry<String> registry =
        new MethodRegistry.Builder<String>()
            .add(Job.class, method(Job.class, "run"), "job")
            .build();

    assertThat(registry.intercepted(JobSubclass.class, method(Job.class, "run"), "@OnOneInstance"))
        .hasValue("job");
  }

  @Test
  void a_method_its_class_level_annotation_does_not_guard_passes_through() {
    MethodRegistry<String> registry =
        new MethodRegistry.Builder<String>()
            .add(Job.class, method(Job.class, "run"), "job")
            .classLevel(Job.class)
            .build();

    assertThat(
            registry.intercepted(
                JobSubclass.class, method(Job.class, "run", String.class), "@OnOneInstance"))
        .isEmpty();
  }

  @Test
  void an_intercepted_method_without_a_model_fails_closed() {
    MethodRegistry<String> registry =
        new MethodRegistry.Builder<String>()
            .add(Job.class, method(Job.class, "run"), "job")
            .build();

    assertThatThrownBy(
            () ->
                registry.intercepted(
                    Job.class, method(Job.class, "run", String.class), "@OnOneInstance"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@OnOneInstance intercepts " + Job.class.getName() + ".run")
        .hasMessageContaining("refused rather than run unguarded");
  }

  private static MethodRegistry<IdempotentMethod> idempotentMethodsOf(Class<?> beanClass) {
    IdempotentMethodReader reader = new IdempotentMethodReader(ConfigLookup.of(Map.of()));
    MethodRegistry.Builder<IdempotentMethod> builder = new MethodRegistry.Builder<>();
    for (Method method : beanClass.getMethods()) {
      reader
          .read(MethodAnnotations.of(beanClass, method))
          .ifPresent(m -> builder.add(beanClass, method, m));
    }
    return builder.build();
  }
}
