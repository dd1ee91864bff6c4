package dev.fenced.tck.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The contract of a store that lets an operator inspect and purge idempotency records ({@link
 * IdempotencyRecordAdministration}), as JUnit 5 tests: a purge deletes only the record the operator
 * saw (its owner, or completed). Run it next to {@link IdempotencyStoreContract}: extend it and
 * implement {@link #store()}.
 *
 * <p>The listing tests read every record in flight in the store, with no limit, and keep those of
 * their own keys: a store shared with other suites (whose races leave many records in flight, older
 * than the test's own) passes them too. The hooks of {@link StoreContractSupport} apply.
 *
 * @param <S> the store under test, both SPIs
 */
public abstract class IdempotencyRecordAdministrationContract<
        S extends IdempotencyStore & IdempotencyRecordAdministration>
    extends StoreContractSupport {

  static final int LISTING_LIMIT = Integer.MAX_VALUE;

  private static final String FP = "sha-256:admin";
  private static final byte[] OUTCOME = "{\"status\":201}".getBytes(UTF_8);
  private static final Duration AGE = Duration.ofMillis(400);
  private static final int STALLED_ATTEMPTS = 3;

  /**
   * The store under test; called at the start of every test.
   *
   * @return the store
   */
  protected abstract S store();

  @Test
  void a_record_in_flight_shows_its_owner_fingerprint_and_remaining_lock_time() {
    S store = store();
    String key = key("in-flight");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());

    IdempotencyRecordSnapshot record = store.record(key, true).orElseThrow();

    assertThat(record.recordKey()).isEqualTo(key);
    assertThat(record.state()).isEqualTo(IdempotencyRecordState.IN_FLIGHT);
    assertThat(record.fingerprint()).isEqualTo(FP);
    assertThat(record.owner()).contains(owner);
    assertThat(record.expiresIn()).isPositive().isLessThanOrEqualTo(Duration.ofMillis(longTtl()));
    assertThat(record.inFlightFor())
        .hasValueSatisfying(age -> assertThat(age).isGreaterThanOrEqualTo(Duration.ZERO));
    assertThat(record.storedOutcome()).isEmpty();
  }

  @Test
  void a_completed_record_shows_no_owner_and_its_outcome_only_when_asked() {
    S store = store();
    String key = key("completed");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());
    store.complete(key, owner, OUTCOME, longTtl());

    IdempotencyRecordSnapshot withOutcome = store.record(key, true).orElseThrow();
    IdempotencyRecordSnapshot without = store.record(key, false).orElseThrow();

    assertThat(withOutcome.state()).isEqualTo(IdempotencyRecordState.COMPLETED);
    assertThat(withOutcome.owner()).isEmpty();
    assertThat(withOutcome.inFlightFor()).isEmpty();
    assertThat(withOutcome.fingerprint()).isEqualTo(FP);
    assertThat(withOutcome.storedOutcome())
        .hasValueSatisfying(b -> assertThat(b).isEqualTo(OUTCOME));
    assertThat(without.storedOutcome()).isEmpty();
  }

  @Test
  void no_record_is_shown_for_a_key_never_claimed() {
    assertThat(store().record(key("never"), true)).isEmpty();
  }

  @Test
  void a_record_whose_lock_expired_is_not_shown() throws InterruptedException {
    S store = store();
    String key = key("expired");
    store.acquire(key, owner("owner"), FP, shortTtlMillis());

    expire();

    assertThat(store.record(key, false)).isEmpty();
  }

  @Test
  void the_time_in_flight_counts_from_the_claim_not_from_the_last_extension()
      throws InterruptedException {
    S store = store();
    String key = key("extended");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());
    advanceTime(AGE);
    assertThat(store.extend(key, owner, longTtl())).isTrue();

    IdempotencyRecordSnapshot record = store.record(key, false).orElseThrow();

    assertThat(record.inFlightFor())
        .hasValueSatisfying(age -> assertThat(age).isGreaterThanOrEqualTo(AGE.minus(slack())));
  }

  @Test
  void purging_a_record_in_flight_deletes_it_and_its_owner_can_no_longer_complete_it() {
    S store = store();
    String key = key("purged-in-flight");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());

    IdempotencyRecordSnapshot purged = store.purge(key, owner).orElseThrow();

    assertThat(purged.state()).isEqualTo(IdempotencyRecordState.IN_FLIGHT);
    assertThat(purged.owner()).contains(owner);
    assertThat(store.record(key, false)).isEmpty();
    assertThat(store.complete(key, owner, OUTCOME, longTtl())).isFalse();
    assertThat(store.extend(key, owner, longTtl())).isFalse();
    assertThat(store.release(key, owner)).isFalse();
  }

  @Test
  void purging_a_completed_record_lets_the_next_attempt_acquire_its_key() {
    S store = store();
    String key = key("purged-completed");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());
    store.complete(key, owner, OUTCOME, longTtl());

    IdempotencyRecordSnapshot purged = store.purge(key, null).orElseThrow();

    assertThat(purged.state()).isEqualTo(IdempotencyRecordState.COMPLETED);
    assertThat(purged.storedOutcome()).isEmpty();
    assertThat(store.acquire(key, owner("next"), "sha-256:other", longTtl()))
        .isInstanceOf(AcquireResult.Acquired.class);
  }

  @Test
  void purging_a_key_without_a_live_record_changes_nothing() throws InterruptedException {
    S store = store();
    String key = key("purged-expired");
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());
    expire();

    assertThat(store.purge(key("never"), owner)).isEmpty();
    assertThat(store.purge(key("never"), null)).isEmpty();
    assertThat(store.purge(key, owner)).isEmpty();
  }

  @Test
  @RuleSince("0.1.0")
  void a_purge_expecting_another_owner_or_state_leaves_the_record_alone() {
    S store = store();
    String inFlight = key("purge-other-owner");
    String done = key("purge-other-state");
    String owner = owner("retry");
    String ownerOfDone = owner("done");
    store.acquire(inFlight, owner, FP, longTtl());
    store.acquire(done, ownerOfDone, FP, longTtl());
    store.complete(done, ownerOfDone, OUTCOME, longTtl());

    assertThat(store.purge(inFlight, owner("earlier"))).isEmpty();
    assertThat(store.purge(inFlight, null)).isEmpty();
    assertThat(store.purge(done, ownerOfDone)).isEmpty();

    assertThat(store.record(inFlight, false).flatMap(IdempotencyRecordSnapshot::owner))
        .contains(owner);
    assertThat(store.complete(inFlight, owner, OUTCOME, longTtl())).isTrue();
    assertThat(store.record(done, false).map(IdempotencyRecordSnapshot::state))
        .contains(IdempotencyRecordState.COMPLETED);
  }

  @Test
  void records_in_flight_are_listed_oldest_first_and_completed_ones_never()
      throws InterruptedException {
    S store = store();
    String older = key("older");
    String newer = key("newer");
    String done = key("done");
    String ownerOfDone = owner("done");
    store.acquire(older, owner("older"), FP, longTtl());
    advanceTime(AGE);
    store.acquire(newer, owner("newer"), FP, longTtl());
    store.acquire(done, ownerOfDone, FP, longTtl());
    store.complete(done, ownerOfDone, OUTCOME, longTtl());

    List<String> listed = ownKeys(store.inFlight(0, LISTING_LIMIT));

    assertThat(listed).containsExactly(older, newer);
  }

  @Test
  void only_records_claimed_at_least_the_given_age_ago_are_listed() throws InterruptedException {
    S store = store();
    Duration leastAge = AGE.minus(slack());
    // The newer record is younger than the least age only if the listing runs within it of the
    // claim; a machine that stalls that long (a 2-core build under load) decides nothing, so the
    // attempt is repeated with new keys rather than judged.
    for (int attempt = 1; attempt <= STALLED_ATTEMPTS; attempt++) {
      String older = key("older-" + attempt);
      String newer = key("newer-" + attempt);
      store.acquire(older, owner("older"), FP, longTtl());
      advanceTime(AGE);
      long newerClaimed = System.nanoTime();
      store.acquire(newer, owner("newer"), FP, longTtl());

      List<IdempotencyRecordSnapshot> listed = store.inFlight(leastAge.toMillis(), LISTING_LIMIT);

      if (Duration.ofNanos(System.nanoTime() - newerClaimed).compareTo(leastAge) < 0) {
        assertThat(ownKeys(listed)).contains(older).doesNotContain(newer);
        assertThat(listed).allSatisfy(r -> assertThat(r.storedOutcome()).isEmpty());
        return;
      }
    }
    throw new AssertionError(
        "The machine stalled for more than "
            + leastAge.toMillis()
            + " ms between a claim and the listing in each of "
            + STALLED_ATTEMPTS
            + " attempts; nothing was decided. Lower the slack ("
            + SLACK_PROPERTY
            + ") or run on a"
            + " quieter machine.");
  }

  @Test
  void the_listing_returns_at_most_the_limit() {
    S store = store();
    for (String key : keys("many", 3)) {
      store.acquire(key, owner("owner"), FP, longTtl());
    }

    assertThat(store.inFlight(0, 2)).hasSizeLessThanOrEqualTo(2);
  }

  @Test
  void a_negative_age_or_a_limit_below_one_is_refused() {
    S store = store();

    assertThatThrownBy(() -> store.inFlight(-1, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> store.inFlight(0, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  private List<String> ownKeys(List<IdempotencyRecordSnapshot> listed) {
    String ours = key("");
    return listed.stream()
        .map(IdempotencyRecordSnapshot::recordKey)
        .filter(k -> k.startsWith(ours))
        .toList();
  }
}
