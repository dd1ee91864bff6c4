package dev.fenced.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.store.spi.Readiness;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

/** What one store's readiness check answers: the store's readiness, named, in short. */
class StoreReadinessCheckTest {

  @Test
  void a_ready_store_is_up_with_its_name_and_details() {
    HealthCheckResponse response =
        new StoreReadinessCheck(
                "fenced-lock-store", "jpa", () -> Readiness.ready(Map.of("database", "orders")))
            .call();

    assertThat(response.getName()).isEqualTo("fenced-lock-store");
    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
    assertThat(response.getData())
        .hasValueSatisfying(
            data ->
                assertThat(data).containsEntry("store", "jpa").containsEntry("database", "orders"));
  }

  @Test
  void a_store_that_is_not_ready_is_down_with_its_reason() {
    HealthCheckResponse response =
        new StoreReadinessCheck(
                "fenced-lock-store",
                "jpa",
                () -> Readiness.notSetUp("missing table fenced_locks", Map.of()))
            .call();

    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
    assertThat(response.getData())
        .hasValueSatisfying(
            data -> assertThat(data).containsEntry("reason", "missing table fenced_locks"));
  }

  @Test
  void a_ddl_script_and_an_exceptions_chain_are_cut_and_said_to_be_in_the_server_log() {
    String ddl = "CREATE TABLE IF NOT EXISTS fenced_locks (\n  key_hash text PRIMARY KEY,\n ...);";
    String reason = "PostgreSQL did not answer: " + "x".repeat(500);

    HealthCheckResponse response =
        new StoreReadinessCheck(
                "fenced-lock-store",
                "jpa",
                () -> Readiness.notSetUp(reason, Map.of("ddl", ddl, "database", "orders")))
            .call();

    Map<String, Object> data = response.getData().orElseThrow();
    assertThat(data.get("ddl"))
        .isEqualTo("CREATE TABLE IF NOT EXISTS fenced_locks (" + StoreReadinessCheck.IN_THE_LOG);
    assertThat(data.get("reason").toString())
        .hasSize(StoreReadinessCheck.LONGEST + StoreReadinessCheck.IN_THE_LOG.length())
        .startsWith("PostgreSQL did not answer: xxx")
        .endsWith(StoreReadinessCheck.IN_THE_LOG);
    assertThat(data).containsEntry("database", "orders");
  }
}
