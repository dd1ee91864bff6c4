package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.StoreSelection;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InMemoryStoreCheckTest {

  @Test
  void the_in_memory_store_fails_in_production() {
    assertThat(
            InMemoryStoreCheck.problem(
                ConfigLookup.of(Map.of("mp.config.profile", "prod")),
                StoreSelection.IDEMPOTENCY,
                "memory"))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains(
                        "FENCED-D204",
                        "mp.config.profile=prod",
                        "fenced.allow-in-memory-storage=true"));
  }

  @Test
  void the_in_memory_store_is_allowed_in_production_on_purpose() {
    ConfigLookup config =
        ConfigLookup.of(
            Map.of("mp.config.profile", "prod", "fenced.allow-in-memory-storage", "true"));

    assertThat(InMemoryStoreCheck.problem(config, StoreSelection.IDEMPOTENCY, "memory")).isEmpty();
  }

  @Test
  void a_shared_store_or_another_profile_passes() {
    assertThat(
            InMemoryStoreCheck.problem(
                ConfigLookup.of(Map.of("mp.config.profile", "prod")),
                StoreSelection.IDEMPOTENCY,
                "jpa"))
        .isEmpty();
    assertThat(
            InMemoryStoreCheck.problem(
                ConfigLookup.of(Map.of("mp.config.profile", "dev")),
                StoreSelection.IDEMPOTENCY,
                "memory"))
        .isEmpty();
    assertThat(
            InMemoryStoreCheck.problem(
                ConfigLookup.of(Map.of()), StoreSelection.IDEMPOTENCY, "memory"))
        .isEmpty();
  }

  @Test
  void the_in_memory_lock_store_fails_in_production_naming_its_key() {
    assertThat(
            InMemoryStoreCheck.problem(
                ConfigLookup.of(Map.of("mp.config.profile", "prod")),
                StoreSelection.LOCKS,
                "memory"))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains(
                        "lock store",
                        "fenced.locks.store=memory",
                        "one-instance job",
                        "fenced.allow-in-memory-storage=true"));
  }

  @Test
  void prod_among_several_profiles_counts() {
    assertThat(
            InMemoryStoreCheck.problem(
                ConfigLookup.of(Map.of("mp.config.profile", "cloud, prod")),
                StoreSelection.IDEMPOTENCY,
                "memory"))
        .isPresent();
  }

  @Test
  void a_non_boolean_allowance_is_refused() {
    assertThat(
            InMemoryStoreCheck.problem(
                ConfigLookup.of(Map.of("fenced.allow-in-memory-storage", "yes")),
                StoreSelection.IDEMPOTENCY,
                "memory"))
        .hasValueSatisfying(
            p -> assertThat(p).contains("FENCED-D103: fenced.allow-in-memory-storage=yes"));
  }
}
