package dev.fenced.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.IdempotentMethodReader;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import java.lang.reflect.Method;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GuardRegistryTest {

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

  private final GuardRegistry registry = registryOf(Shipping.class);

  @Test
  void finds_a_guard_by_bean_class_and_signature() throws Exception {
    Method method = Shipping.class.getMethod("onPaid", String.class);

    assertThat(registry.find(Shipping.class, method))
        .hasValueSatisfying(
            g -> assertThat(g.model().target()).isEqualTo(Shipping.class.getName() + ".onPaid"));
    assertThat(
            registry.find(
                Shipping.class, Shipping.class.getMethod("onPaid", String.class, int.class)))
        .isEmpty();
  }

  @Test
  void a_proxy_subclass_and_its_overriding_method_find_the_bean_guard() throws Exception {
    Method proxied = Shipping$Proxy$_$$_WeldSubclass.class.getMethod("onPaid", String.class);

    assertThat(registry.find(Shipping$Proxy$_$$_WeldSubclass.class, proxied)).isPresent();
  }

  @Test
  void an_unrelated_class_finds_nothing() throws Exception {
    assertThat(registry.find(Object.class, Object.class.getMethod("toString"))).isEmpty();
  }

  private static GuardRegistry registryOf(Class<?> beanClass) {
    IdempotentMethodReader reader = new IdempotentMethodReader(ConfigLookup.of(Map.of()));
    GuardRegistry.Builder builder = new GuardRegistry.Builder();
    for (Method method : beanClass.getMethods()) {
      reader
          .read(beanClass, method)
          .ifPresent(m -> builder.add(beanClass, GuardedMethod.of(m, method)));
    }
    return builder.build();
  }
}
