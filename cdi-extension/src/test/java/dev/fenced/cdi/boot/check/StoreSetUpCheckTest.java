package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.store.spi.Readiness;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreSetUpCheckTest {

  private static final Readiness MISSING_TABLE =
      Readiness.notSetUp("missing in database test: table fenced_locks", Map.of());

  @Test
  void by_default_a_store_not_set_up_fails_the_deployment_naming_the_store_and_the_way_out() {
    StoreSetUpCheck check = StoreSetUpCheck.of(ConfigLookup.of(Map.of()));

    assertThat(check.failure(StoreSelection.LOCKS, "jpa", MISSING_TABLE))
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .contains(
                        "FENCED-D206",
                        "fenced.locks.store=jpa",
                        "table fenced_locks",
                        "fenced.store.set-up-check=readiness"));
  }

  @Test
  void with_readiness_a_store_not_set_up_lets_the_deployment_go_on() {
    StoreSetUpCheck check =
        StoreSetUpCheck.of(ConfigLookup.of(Map.of(StoreSetUpCheck.KEY, "readiness")));

    assertThat(check.failure(StoreSelection.LOCKS, "jpa", MISSING_TABLE)).isEmpty();
  }

  @Test
  void a_store_that_does_not_answer_never_fails_the_deployment() {
    Readiness away = Readiness.unavailable("PostgreSQL did not answer", Map.of());

    assertThat(StoreSetUpCheck.FAIL.failure(StoreSelection.IDEMPOTENCY, "jpa", away)).isEmpty();
  }

  @Test
  void a_ready_store_passes() {
    assertThat(
            StoreSetUpCheck.FAIL.failure(
                StoreSelection.IDEMPOTENCY, "redis", Readiness.ready(Map.of())))
        .isEmpty();
  }

  @Test
  void an_unknown_value_is_a_problem_naming_the_key_and_the_values() {
    assertThat(StoreSetUpCheck.problem(ConfigLookup.of(Map.of(StoreSetUpCheck.KEY, "warn"))))
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .contains(
                        "FENCED-D103", "fenced.store.set-up-check=warn", "fail", "readiness"));
    assertThat(StoreSetUpCheck.problem(ConfigLookup.of(Map.of(StoreSetUpCheck.KEY, " Readiness "))))
        .isEmpty();
  }
}
