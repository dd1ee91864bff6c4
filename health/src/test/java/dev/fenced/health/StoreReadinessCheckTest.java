package dev.fenced.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

/** What one store's readiness check answers: the store's own readiness, named, never a throw. */
class StoreReadinessCheckTest {

  @Test
  void a_ready_store_is_up_with_its_name_and_details() {
    StoreReadiness store = () -> Readiness.ready(Map.of("database", "orders"));

    HealthCheckResponse response =
        new StoreReadinessCheck("fenced-lock-store", "jpa", () -> store).call();

    assertThat(response.getName()).isEqualTo("fenced-lock-store");
    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
    assertThat(response.getData())
        .hasValueSatisfying(
            data ->
                assertThat(data).containsEntry("store", "jpa").containsEntry("database", "orders"));
  }

  @Test
  void a_store_that_is_not_ready_is_down_with_its_reason() {
    StoreReadiness store = () -> Readiness.notSetUp("missing table fenced_locks", Map.of());

    HealthCheckResponse response =
        new StoreReadinessCheck("fenced-lock-store", "jpa", () -> store).call();

    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
    assertThat(response.getData())
        .hasValueSatisfying(
            data -> assertThat(data).containsEntry("reason", "missing table fenced_locks"));
  }

  @Test
  void a_store_that_cannot_be_looked_up_is_down_and_nothing_is_thrown() {
    HealthCheckResponse response =
        new StoreReadinessCheck(
                "fenced-idempotency-store",
                "orders-store",
                () -> {
                  throw new IllegalStateException("no bean named orders-store");
                })
            .call();

    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
    assertThat(response.getData())
        .hasValueSatisfying(
            data ->
                assertThat(data.get("reason").toString())
                    .contains("orders-store", "no bean named orders-store"));
  }

  @Test
  void a_store_without_readiness_is_up_as_long_as_it_is_found() {
    HealthCheckResponse response =
        new StoreReadinessCheck("fenced-idempotency-store", "mine", Object::new).call();

    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
  }
}
