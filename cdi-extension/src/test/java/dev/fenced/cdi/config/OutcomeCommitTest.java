package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutcomeCommitTest {

  @Test
  void unset_means_after_the_work_with_no_problem() {
    ConfigLookup config = key -> Optional.empty();

    assertThat(OutcomeCommit.of(config)).isEqualTo(OutcomeCommit.AFTER_WORK);
    assertThat(OutcomeCommit.problem(config, "redis", false)).isEmpty();
  }

  @Test
  void with_work_is_read_whatever_its_case_and_spaces() {
    ConfigLookup config = lookup(" With-Work ");

    assertThat(OutcomeCommit.of(config)).isEqualTo(OutcomeCommit.WITH_WORK);
    assertThat(OutcomeCommit.problem(config, "jpa", true)).isEmpty();
  }

  @Test
  void with_work_on_a_store_that_cannot_fails_the_deployment_naming_both_keys() {
    assertThat(OutcomeCommit.problem(lookup("with-work"), "redis", false))
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .startsWith("FENCED-D205")
                    .contains("fenced.idempotency.commit=with-work")
                    .contains("fenced.idempotency.store=redis")
                    .contains("fenced.idempotency.commit=after-work"));
  }

  @Test
  void an_unknown_value_fails_the_deployment_listing_the_values() {
    assertThat(OutcomeCommit.problem(lookup("exactly-once"), "jpa", true))
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .contains("fenced.idempotency.commit=exactly-once")
                    .contains("[after-work, with-work]"));
    assertThat(OutcomeCommit.of(lookup("exactly-once"))).isEqualTo(OutcomeCommit.AFTER_WORK);
  }

  @Test
  void after_work_is_fine_on_every_store() {
    assertThat(OutcomeCommit.problem(lookup("after-work"), "memory", false)).isEmpty();
  }

  private static ConfigLookup lookup(String value) {
    Map<String, String> values = Map.of(OutcomeCommit.KEY, value);
    return key -> Optional.ofNullable(values.get(key));
  }
}
