package dev.fenced.cdi.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.MethodAnnotations;
import dev.fenced.idempotency.Idempotent;
import jakarta.ws.rs.POST;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.junit.jupiter.api.Test;

class FaultToleranceResourceCheckTest {

  public static class Payments {
    @POST
    @Idempotent
    @Fallback(fallbackMethod = "later")
    public String pay() {
      return "paid";
    }

    public String later() {
      return "queued";
    }

    @POST
    @Idempotent
    @Retry
    public void retried() {}

    @POST
    @Fallback(fallbackMethod = "later")
    public String unguarded() {
      return "paid";
    }

    @Idempotent
    @Fallback(fallbackMethod = "later")
    public String onABean() {
      return "paid";
    }
  }

  @Timeout(500)
  @Idempotent
  public static class TimedRefunds {
    @POST
    public void refund() {}
  }

  private static Optional<String> warning(Class<?> type, String method) throws Exception {
    return FaultToleranceResourceCheck.warning(MethodAnnotations.of(type, type.getMethod(method)));
  }

  @Test
  void a_fallback_on_an_idempotent_resource_method_is_warned_of_by_name() throws Exception {
    assertThat(warning(Payments.class, "pay"))
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .startsWith(Payments.class.getName() + ".pay: an @Idempotent JAX-RS resource")
                    .contains("@Fallback")
                    .doesNotContain("@Timeout"));
  }

  @Test
  void a_timeout_on_the_class_of_an_idempotent_resource_is_warned_of() throws Exception {
    assertThat(warning(TimedRefunds.class, "refund"))
        .hasValueSatisfying(w -> assertThat(w).contains("@Timeout").doesNotContain("@Fallback"));
  }

  @Test
  void retry_alone_on_an_idempotent_resource_method_is_not_warned_of() throws Exception {
    assertThat(warning(Payments.class, "retried")).isEmpty();
  }

  @Test
  void a_resource_method_without_idempotent_is_not_warned_of() throws Exception {
    assertThat(warning(Payments.class, "unguarded")).isEmpty();
  }

  @Test
  void a_bean_method_whose_body_is_witnessed_is_not_warned_of() throws Exception {
    assertThat(warning(Payments.class, "onABean")).isEmpty();
  }
}
