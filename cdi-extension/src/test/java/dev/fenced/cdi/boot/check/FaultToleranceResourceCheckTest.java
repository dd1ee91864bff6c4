package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.idempotency.Idempotent;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.junit.jupiter.api.Test;

class FaultToleranceResourceCheckTest {

  public static class Payments {
    @POST
    @Idempotent
    @Fallback(fallbackMethod = "later")
    public CompletionStage<String> pay() {
      return CompletableFuture.completedFuture("paid");
    }

    public CompletionStage<String> later() {
      return CompletableFuture.completedFuture("queued");
    }

    @POST
    @Idempotent
    @Fallback(fallbackMethod = "queued")
    @Timeout(500)
    public String paySynchronously() {
      return "paid";
    }

    public String queued() {
      return "queued";
    }

    @POST
    @Idempotent
    @Retry
    public void retried() {}

    @POST
    @Fallback(fallbackMethod = "later")
    public CompletionStage<String> unguarded() {
      return CompletableFuture.completedFuture("paid");
    }

    @Idempotent
    @Fallback(fallbackMethod = "later")
    public CompletionStage<String> onABean() {
      return CompletableFuture.completedFuture("paid");
    }
  }

  @Timeout(500)
  @Idempotent
  public static class TimedRefunds {
    @POST
    public void refund(@Suspended AsyncResponse response) {}
  }

  private static Optional<String> warning(Class<?> type, String method) throws Exception {
    return FaultToleranceResourceCheck.warning(MethodAnnotations.of(type, method(type, method)));
  }

  private static Method method(Class<?> type, String name) {
    return Arrays.stream(type.getMethods())
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void a_fallback_on_an_asynchronous_idempotent_resource_method_is_warned_of_by_name()
      throws Exception {
    assertThat(warning(Payments.class, "pay"))
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .startsWith(Payments.class.getName() + ".pay: an @Idempotent JAX-RS resource")
                    .contains("@Fallback")
                    .doesNotContain("@Timeout"));
  }

  @Test
  void a_timeout_on_the_class_of_an_asynchronous_idempotent_resource_is_warned_of()
      throws Exception {
    assertThat(warning(TimedRefunds.class, "refund"))
        .hasValueSatisfying(w -> assertThat(w).contains("@Timeout").doesNotContain("@Fallback"));
  }

  @Test
  void a_synchronous_resource_method_whose_body_is_witnessed_is_not_warned_of() throws Exception {
    assertThat(warning(Payments.class, "paySynchronously")).isEmpty();
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
