package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.IdempotentInterceptor;
import jakarta.annotation.Priority;
import jakarta.interceptor.Interceptor;
import java.util.List;
import org.junit.jupiter.api.Test;

class OuterInterceptorCheckTest {

  private static final String TARGET = "com.example.Payments.pay";

  @Priority(Interceptor.Priority.APPLICATION)
  static class AuditInterceptor {}

  @Priority(Interceptor.Priority.PLATFORM_BEFORE + 200)
  static class TransactionalInterceptor {}

  @Priority(Interceptor.Priority.PLATFORM_AFTER + 100)
  static class InnerInterceptor {}

  static class BeansXmlInterceptor {}

  @Test
  void an_application_interceptor_outside_fenced_s_is_named_with_its_priority() {
    List<String> warnings =
        OuterInterceptorCheck.warnings(
            TARGET,
            List.of(AuditInterceptor.class, IdempotentInterceptor.class),
            IdempotentInterceptor.class);

    assertThat(warnings)
        .singleElement()
        .asString()
        .contains(TARGET, AuditInterceptor.class.getName(), "priority 2000", "every replay");
  }

  @Test
  void platform_interceptors_outside_and_interceptors_inside_pass() {
    assertThat(
            OuterInterceptorCheck.warnings(
                TARGET,
                List.of(
                    TransactionalInterceptor.class,
                    IdempotentInterceptor.class,
                    InnerInterceptor.class,
                    BeansXmlInterceptor.class),
                IdempotentInterceptor.class))
        .isEmpty();
  }

  @Test
  void a_method_fenced_does_not_intercept_gets_no_warning() {
    assertThat(
            OuterInterceptorCheck.warnings(
                TARGET, List.of(AuditInterceptor.class), IdempotentInterceptor.class))
        .isEmpty();
  }
}
