package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreSelectionTest {

  @Test
  void memory_is_the_default_and_needs_no_bean() {
    assertThat(StoreSelection.IDEMPOTENCY.name(ConfigLookup.of(Map.of()))).isEqualTo("memory");
    assertThat(
            StoreSelection.IDEMPOTENCY.name(
                ConfigLookup.of(Map.of(StoreSelection.IDEMPOTENCY.key(), "  "))))
        .isEqualTo("memory");
    assertThat(StoreSelection.IDEMPOTENCY.problem("memory", 0)).isEmpty();
  }

  @Test
  void a_named_store_with_exactly_one_bean_is_selected() {
    assertThat(
            StoreSelection.IDEMPOTENCY.name(
                ConfigLookup.of(Map.of(StoreSelection.IDEMPOTENCY.key(), " jpa "))))
        .isEqualTo("jpa");
    assertThat(StoreSelection.IDEMPOTENCY.problem("jpa", 1)).isEmpty();
  }

  @Test
  void a_missing_jpa_or_redis_store_says_which_dependency_to_add() {
    assertThat(StoreSelection.IDEMPOTENCY.problem("jpa", 0))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains(
                        "FENCED-D202: fenced.idempotency.store=jpa",
                        "dev.fenced:fenced-jpa-store"));
    assertThat(StoreSelection.IDEMPOTENCY.problem("redis", 0))
        .hasValueSatisfying(p -> assertThat(p).contains("dev.fenced:fenced-redis-store"));
  }

  @Test
  void an_unknown_name_says_to_name_the_bean() {
    assertThat(StoreSelection.IDEMPOTENCY.problem("mystore", 0))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains(
                        "FENCED-D203: fenced.idempotency.store=mystore", "@Named(\"mystore\")"));
  }

  @Test
  void the_lock_store_is_selected_by_its_own_key_and_names_its_spi() {
    ConfigLookup config =
        ConfigLookup.of(Map.of("fenced.idempotency.store", "jpa", "fenced.locks.store", "mine"));

    assertThat(StoreSelection.LOCKS.name(config)).isEqualTo("mine");
    assertThat(StoreSelection.LOCKS.name(ConfigLookup.of(Map.of()))).isEqualTo("memory");
    assertThat(StoreSelection.LOCKS.problem("mine", 0))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains(
                        "fenced.locks.store=mine",
                        "dev.fenced.locks.spi.LockStore",
                        "@Named(\"mine\")"));
    assertThat(StoreSelection.LOCKS.problem("redis", 0))
        .hasValueSatisfying(
            p -> assertThat(p).contains("lock store", "dev.fenced:fenced-redis-store"));
  }

  @Test
  void two_beans_with_the_name_are_ambiguous() {
    assertThat(StoreSelection.IDEMPOTENCY.problem("mystore", 2))
        .hasValueSatisfying(p -> assertThat(p).contains("FENCED-D201", "ambiguous", "2 CDI beans"));
  }
}
