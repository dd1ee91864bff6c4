package dev.fenced.tck.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * The contract suites must fail a store that reads and then writes in two steps, on their races,
 * while that store passes every other test (so the fixture is sound and only its atomicity is at
 * fault); and they must fail an atomic store that takes any ttl and encodes keys leniently on
 * exactly the ttl bounds and lone surrogate cases. The administration contracts must fail stores
 * whose administration is careless, on exactly the cases of each bug. The unreachable-store
 * contracts must fail a store that leaks its client's exception and one whose calls hang.
 */
class ContractCatchesNaiveStoresTest {

  @Test
  void the_idempotency_contract_catches_a_store_that_reads_then_writes() {
    Outcome outcome = run(NaiveIdempotencyStoreUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsAll(
            Set.of(
                "concurrent_acquires_let_exactly_one_caller_per_key_take_the_lock",
                "concurrent_takeovers_of_an_expired_lock_have_one_winner_and_the_old_owner_cannot_complete",
                "concurrent_release_and_extend_by_the_owner_never_revive_the_lock_and_impostors_change_nothing"))
        .allMatch(name -> name.startsWith("concurrent_"));
    assertThat(outcome.succeeded())
        .contains(
            "complete_changes_nothing_when_the_owner_does_not_hold_the_lock",
            "release_changes_nothing_when_the_owner_does_not_hold_the_lock",
            "extend_changes_nothing_when_the_owner_does_not_hold_the_lock",
            "the_old_owner_cannot_complete_after_a_takeover",
            "a_1_MiB_payload_is_returned_byte_for_byte")
        .hasSizeGreaterThanOrEqualTo(25);
    assertFailedOnTheirAssertions(outcome);
  }

  @Test
  void the_lock_contract_catches_a_store_that_reads_then_writes() {
    Outcome outcome = run(NaiveLockStoreUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsAll(
            Set.of(
                "concurrent_acquires_give_one_token_per_key_and_round_and_tokens_grow_between_rounds",
                "concurrent_takeovers_of_an_expired_lock_have_one_winner_and_the_old_owner_cannot_renew",
                "concurrent_release_and_renew_by_the_owner_never_revive_the_lock_and_impostors_change_nothing"))
        .allMatch(name -> name.startsWith("concurrent_"));
    assertThat(outcome.succeeded())
        .contains(
            "renew_changes_nothing_when_the_owner_does_not_hold_the_lock",
            "release_changes_nothing_when_the_owner_does_not_hold_the_lock",
            "tokens_strictly_increase_over_a_thousand_sequential_acquisitions_of_one_key",
            "the_old_owner_cannot_renew_after_a_takeover")
        .hasSizeGreaterThanOrEqualTo(15);
    assertFailedOnTheirAssertions(outcome);
  }

  @Test
  void the_idempotency_contract_catches_a_store_without_ttl_bounds_or_strict_keys() {
    Outcome outcome = run(LenientIdempotencyStoreUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsExactlyInAnyOrder(
            "acquire_refuses_a_ttl_out_of_bounds_and_leaves_the_key_free",
            "complete_refuses_a_ttl_out_of_bounds_and_leaves_the_lock_in_flight",
            "extend_refuses_a_ttl_out_of_bounds_and_the_lock_expires_as_before",
            "a_key_with_a_lone_surrogate_is_refused_or_kept_apart_from_the_key_with_a_question_mark");
    assertThat(outcome.succeeded())
        .contains("the_maximum_ttl_is_accepted_by_acquire_extend_and_complete");
    assertFailedOnTheirAssertions(outcome);
  }

  @Test
  void the_lock_contract_catches_a_store_without_ttl_bounds_or_strict_keys() {
    Outcome outcome = run(LenientLockStoreUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsExactlyInAnyOrder(
            "acquire_refuses_a_ttl_out_of_bounds_and_leaves_the_key_free",
            "renew_refuses_a_ttl_out_of_bounds_and_the_lock_expires_as_before",
            "a_key_with_a_lone_surrogate_is_refused_or_kept_apart_from_the_key_with_a_question_mark");
    assertThat(outcome.succeeded()).contains("the_maximum_ttl_is_accepted_by_acquire_and_renew");
    assertFailedOnTheirAssertions(outcome);
    assertThat(
            outcome
                .failed()
                .get("renew_refuses_a_ttl_out_of_bounds_and_the_lock_expires_as_before"))
        .as("a failure of a rule marked @RuleSince")
        .hasMessageContaining("(a rule of store TCK 0.1.0: see");
  }

  @Test
  void the_record_administration_contract_catches_a_careless_claim_time_listing_and_purge() {
    Outcome outcome = run(CarelessRecordAdministrationUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsExactlyInAnyOrder(
            "the_time_in_flight_counts_from_the_claim_not_from_the_last_extension",
            "records_in_flight_are_listed_oldest_first_and_completed_ones_never",
            "the_listing_returns_at_most_the_limit",
            "a_purge_expecting_another_owner_or_state_leaves_the_record_alone");
    assertThat(outcome.succeeded()).hasSize(9);
    assertFailedOnTheirAssertions(outcome);
  }

  @Test
  void
      the_lock_administration_contract_catches_a_forced_release_that_resets_the_token_or_ignores_the_owner() {
    Outcome outcome = run(CarelessLockAdministrationUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsExactlyInAnyOrder(
            "a_force_released_lock_goes_to_the_next_acquirer_with_a_higher_token",
            "a_force_release_expecting_another_owner_leaves_the_lock_alone");
    assertThat(outcome.succeeded()).hasSize(4);
    assertFailedOnTheirAssertions(outcome);
  }

  @Test
  void
      the_unreachable_idempotency_store_contract_catches_a_store_that_leaks_its_clients_exception() {
    Outcome outcome = run(LeakyIdempotencyStoreUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsExactlyInAnyOrder(
            "acquire_throws_store_unavailable",
            "complete_throws_store_unavailable",
            "release_throws_store_unavailable",
            "extend_throws_store_unavailable");
    assertThat(outcome.failed().values())
        .allSatisfy(failure -> assertThat(failure).hasMessageContaining("UncheckedIOException"));
    assertFailedOnTheirAssertions(outcome);
  }

  @Test
  void the_unreachable_lock_store_contract_catches_a_store_whose_calls_hang() {
    Outcome outcome = run(HangingLockStoreUnderContract.class);

    assertThat(outcome.failed().keySet())
        .containsExactlyInAnyOrder(
            "acquire_throws_store_unavailable",
            "renew_throws_store_unavailable",
            "release_throws_store_unavailable");
    assertThat(outcome.failed().values())
        .allSatisfy(failure -> assertThat(failure).hasMessageContaining("unavailableWithin()"));
    assertFailedOnTheirAssertions(outcome);
  }

  /** The races fail because the store broke a rule, not because a call threw or hung. */
  @Test
  void a_failed_contract_assertion_names_the_provider_that_ran_it() {
    Outcome outcome = run(NaiveLockStoreUnderContract.class);

    assertThat(outcome.failed())
        .isNotEmpty()
        .allSatisfy(
            (name, failure) ->
                assertThat(failure)
                    .as(name)
                    .hasMessageStartingWith(NaiveLockStoreUnderContract.class.getName() + ": "));
  }

  private static void assertFailedOnTheirAssertions(Outcome outcome) {
    assertThat(outcome.failed())
        .allSatisfy(
            (name, failure) ->
                assertThat(failure)
                    .as(name)
                    .isInstanceOf(AssertionError.class)
                    .hasMessageNotContaining("a store call failed during the race"));
  }

  private static Outcome run(Class<?> suite) {
    Events tests =
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(suite)).execute().testEvents();
    assertThat(tests.skipped().count()).as("skipped tests").isZero();
    assertThat(tests.aborted().count()).as("aborted tests").isZero();
    assertThat(tests.started().count())
        .as("started tests")
        .isEqualTo(tests.succeeded().count() + tests.failed().count());
    Map<String, Throwable> failed =
        tests.failed().stream()
            .collect(
                Collectors.toMap(
                    ContractCatchesNaiveStoresTest::methodName,
                    event ->
                        event
                            .getPayload(TestExecutionResult.class)
                            .flatMap(TestExecutionResult::getThrowable)
                            .orElseThrow()));
    List<String> succeeded =
        tests.succeeded().stream().map(ContractCatchesNaiveStoresTest::methodName).toList();
    return new Outcome(failed, succeeded);
  }

  private static String methodName(Event event) {
    return event
        .getTestDescriptor()
        .getSource()
        .filter(MethodSource.class::isInstance)
        .map(source -> ((MethodSource) source).getMethodName())
        .orElseThrow();
  }

  private record Outcome(Map<String, Throwable> failed, List<String> succeeded) {}
}
