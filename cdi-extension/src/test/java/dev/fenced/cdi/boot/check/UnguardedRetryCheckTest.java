package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.idempotency.Idempotent;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.junit.jupiter.api.Test;

class UnguardedRetryCheckTest {

  public static class Payments {
    @POST
    @Retry
    public void pay() {}

    @POST
    @Retry
    @Idempotent
    public void payOnce() {}

    @GET
    @Retry
    public void status() {}

    @PUT
    public void update() {}
  }

  @Retry
  public static class RetriedRefunds {
    @DELETE
    public void cancel() {}
  }

  @Retry
  @Idempotent
  public static class GuardedRefunds {
    @DELETE
    public void cancel() {}
  }

  private static Optional<String> warning(Class<?> type, String method) throws Exception {
    return UnguardedRetryCheck.warning(MethodAnnotations.of(type, type.getMethod(method)));
  }

  @Test
  void a_retried_post_without_idempotent_is_warned_of_by_name() throws Exception {
    assertThat(warning(Payments.class, "pay"))
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .startsWith(Payments.class.getName() + ".pay: @Retry on a JAX-RS POST"));
  }

  @Test
  void a_class_level_retry_on_a_delete_is_warned_of() throws Exception {
    assertThat(warning(RetriedRefunds.class, "cancel")).isPresent();
  }

  @Test
  void a_retried_write_with_idempotent_on_the_method_or_the_class_is_not_warned_of()
      throws Exception {
    assertThat(warning(Payments.class, "payOnce")).isEmpty();
    assertThat(warning(GuardedRefunds.class, "cancel")).isEmpty();
  }

  @Test
  void a_retried_get_and_an_unretried_put_are_not_warned_of() throws Exception {
    assertThat(warning(Payments.class, "status")).isEmpty();
    assertThat(warning(Payments.class, "update")).isEmpty();
  }
}
