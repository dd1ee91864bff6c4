package dev.fenced.cdi.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.ConfigLookup;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreSelectionTest {

  @Test
  void memory_is_the_default_and_needs_no_bean() {
    assertThat(StoreSelection.name(ConfigLookup.of(Map.of()))).isEqualTo("memory");
    assertThat(StoreSelection.name(ConfigLookup.of(Map.of(StoreSelection.KEY, "  "))))
        .isEqualTo("memory");
    assertThat(StoreSelection.problem("memory", 0)).isEmpty();
  }

  @Test
  void a_named_store_with_exactly_one_bean_is_selected() {
    assertThat(StoreSelection.name(ConfigLookup.of(Map.of(StoreSelection.KEY, " jpa "))))
        .isEqualTo("jpa");
    assertThat(StoreSelection.problem("jpa", 1)).isEmpty();
  }

  @Test
  void a_missing_jpa_or_redis_store_says_which_dependency_to_add() {
    assertThat(StoreSelection.problem("jpa", 0))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains("fenced.idempotency.store=jpa", "dev.fenced:fenced-jpa-store"));
    assertThat(StoreSelection.problem("redis", 0))
        .hasValueSatisfying(p -> assertThat(p).contains("dev.fenced:fenced-redis-store"));
  }

  @Test
  void an_unknown_name_says_to_name_the_bean() {
    assertThat(StoreSelection.problem("mystore", 0))
        .hasValueSatisfying(
            p -> assertThat(p).contains("fenced.idempotency.store=mystore", "@Named(\"mystore\")"));
  }

  @Test
  void two_beans_with_the_name_are_ambiguous() {
    assertThat(StoreSelection.problem("mystore", 2))
        .hasValueSatisfying(p -> assertThat(p).contains("ambiguous", "2 CDI beans"));
  }
}
