package dev.fenced.tck.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The contract every {@link LockStore} keeps, as JUnit 5 tests: one behaviour per test.
 *
 * <p>To run it against your store, add {@code dev.fenced:fenced-tck} as a test dependency, extend
 * this class in your test sources and implement {@link #store()}:
 *
 * <pre>{@code
 * class MyLockStoreTest extends LockStoreContract {
 *   @Override
 *   protected LockStore store() {
 *     return MyStores.sharedLocks(); // a fresh or a shared instance: every test uses its own keys
 *   }
 * }
 * }</pre>
 *
 * <p>Optional hooks, as in {@link IdempotencyStoreContract}: {@link #advanceTime(Duration)} (real
 * waits by default; a store with an injectable clock moves its clock instead), {@link #shortTtl()}
 * and {@link #slack()} (250 ms and 150 ms by default), {@link #concurrency()} (32 callers, or the
 * system property {@value IdempotencyStoreContract#CONCURRENCY_PROPERTY}) and {@link #raceRounds()}
 * (5).
 *
 * <p>The tests are grouped by rule in {@code @Nested} classes: {@code Ownership}, {@code
 * FencingTokens}, {@code Expiry}, {@code StoredKeys}, {@code TtlBounds} and {@code Races}; {@code
 * Expiry} runs side by side under JUnit's parallel execution, as in {@link
 * IdempotencyStoreContract}.
 *
 * <p>Every test draws fresh random keys, so one store instance may serve all tests at once. The
 * race tests (named {@code concurrent_...}) are the ones a store that reads and then writes in two
 * steps fails. Note that {@link LockStore#acquire} is not re-entrant: a holder keeps its lock with
 * {@link LockStore#renew}, and a second acquire by the holder is the same call sent twice, which a
 * store refuses or, where its client may re-send a call, answers with the token it holds; never a
 * new token. The tests are package-private, so a subclass cannot override one of them away.
 */
public abstract class LockStoreContract extends StoreContractSupport {

  private static final int RACE_KEYS = 50;

  /**
   * The store under test. Called once at the start of every test; it may return a fresh instance or
   * one shared by all tests, since every test uses its own random keys.
   *
   * @return the store to test
   */
  protected abstract LockStore store();

  /** acquire takes a free key, and only the owner of a live lock renews or releases it. */
  @Nested
  class Ownership {

    @Test
    void acquire_returns_a_positive_token() {
      LockStore store = store();

      assertThat(token(store.acquire(key("k"), owner("a"), longTtl()))).isPositive();
    }

    @Test
    void a_live_lock_refuses_other_owners() {
      LockStore store = store();
      String key = key("k");
      store.acquire(key, owner("a"), longTtl());

      assertThat(store.acquire(key, owner("b"), longTtl())).isEmpty();
    }

    /**
     * Acquire is not re-entrant: a holder keeps its lock with renew. Owners are random per
     * acquisition, so a second acquire by the holder is the same call sent twice: refused, or (a
     * store whose client may re-send a call) answered with the token it holds, never a new one.
     */
    @Test
    @RuleSince("0.1.0")
    void a_second_acquire_by_the_holder_never_draws_a_new_token() {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      long token = store.acquire(key, a, longTtl()).orElseThrow();

      OptionalLong again = store.acquire(key, a, longTtl());

      again.ifPresent(resent -> assertThat(resent).isEqualTo(token));
      assertThat(store.acquire(key, owner("b"), longTtl())).isEmpty();
      assertThat(store.release(key, a)).isTrue();
    }

    @Test
    void renew_changes_nothing_when_the_owner_does_not_hold_the_lock() throws Exception {
      LockStore store = store();
      String key = key("k");
      store.acquire(key, owner("a"), shortTtlMillis());

      assertThat(store.renew(key, owner("impostor"), longTtl())).isFalse();
      assertThat(store.acquire(key, owner("b"), longTtl())).isEmpty();
      expire();
      assertThat(store.acquire(key, owner("c"), longTtl())).isPresent();
    }

    @Test
    void release_changes_nothing_when_the_owner_does_not_hold_the_lock() {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, longTtl());

      assertThat(store.release(key, owner("impostor"))).isFalse();
      assertThat(store.acquire(key, owner("b"), longTtl())).isEmpty();
      assertThat(store.renew(key, a, longTtl())).isTrue();
    }

    @Test
    void renew_and_release_are_refused_on_an_unknown_key() {
      LockStore store = store();
      String key = key("never-acquired");
      String a = owner("a");

      assertThat(store.renew(key, a, longTtl())).isFalse();
      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("b"), longTtl())).isPresent();
    }

    @Test
    void release_lets_another_owner_acquire() {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, longTtl());

      assertThat(store.release(key, a)).isTrue();
      assertThat(store.acquire(key, owner("b"), longTtl())).isPresent();
      assertThat(store.acquire(key, owner("c"), longTtl())).isEmpty();
    }

    @Test
    void the_owner_cannot_renew_or_release_after_releasing() {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, longTtl());
      store.release(key, a);

      assertThat(store.renew(key, a, longTtl())).isFalse();
      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("b"), longTtl())).isPresent();
    }
  }

  /** Fencing tokens strictly increase per key. */
  @Nested
  class FencingTokens {

    @Test
    void tokens_increase_across_release() {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      long first = token(store.acquire(key, a, longTtl()));
      store.release(key, a);

      assertThat(token(store.acquire(key, owner("b"), longTtl()))).isGreaterThan(first);
    }

    @Test
    void tokens_increase_across_expiry() throws Exception {
      LockStore store = store();
      String key = key("k");
      long first = token(store.acquire(key, owner("a"), shortTtlMillis()));
      expire();

      assertThat(token(store.acquire(key, owner("b"), longTtl()))).isGreaterThan(first);
    }

    @Test
    void tokens_strictly_increase_over_a_thousand_sequential_acquisitions_of_one_key() {
      LockStore store = store();
      String key = key("k");
      long previous = 0;
      for (int i = 0; i < 1000; i++) {
        String owner = owner("a" + i);
        long token = token(store.acquire(key, owner, longTtl()));
        assertThat(token).as("acquisition %d", i).isGreaterThan(previous);
        assertThat(store.release(key, owner)).as("release %d", i).isTrue();
        previous = token;
      }
    }

    @Test
    void tokens_of_a_key_never_go_down_when_other_keys_are_used() {
      LockStore store = store();
      List<String> keys = keys("k", 10);
      long[] last = new long[keys.size()];
      for (int pass = 0; pass < 5; pass++) {
        for (int k = 0; k < keys.size(); k++) {
          String owner = owner("a");
          long token = token(store.acquire(keys.get(k), owner, longTtl()));
          assertThat(token).as("pass %d, key %d", pass, k).isGreaterThan(last[k]);
          last[k] = token;
          store.release(keys.get(k), owner);
        }
      }
    }
  }

  /** Locks expire on the store clock, and a takeover fences the old owner. */
  @Nested
  @Execution(
      ExecutionMode.CONCURRENT) // waits for expiry, side by side where JUnit runs in parallel
  class Expiry {

    @Test
    void renew_keeps_the_lock_past_its_original_ttl() throws Exception {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, shortTtlMillis());

      assertThat(store.renew(key, a, longTtl())).isTrue();
      expire();
      assertThat(store.acquire(key, owner("b"), longTtl())).isEmpty();
      assertThat(store.release(key, a)).isTrue();
    }

    @Test
    void renew_sets_the_expiry_from_now_even_when_that_is_sooner() throws Exception {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, longTtl());

      assertThat(store.renew(key, a, shortTtlMillis())).isTrue();
      expire();
      assertThat(store.acquire(key, owner("b"), longTtl())).isPresent();
    }

    @Test
    void acquire_takes_over_an_expired_lock() throws Exception {
      LockStore store = store();
      String key = key("k");
      store.acquire(key, owner("a"), shortTtlMillis());
      expire();

      assertThat(store.acquire(key, owner("b"), longTtl())).isPresent();
      assertThat(store.acquire(key, owner("c"), longTtl())).isEmpty();
    }

    @Test
    void the_old_owner_cannot_renew_after_a_takeover() throws Exception {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      String b = owner("b");
      takeOver(store, key, a, b);

      assertThat(store.renew(key, a, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("c"), longTtl())).isEmpty();
      assertThat(store.renew(key, b, longTtl())).isTrue();
    }

    @Test
    void the_old_owner_cannot_release_after_a_takeover() throws Exception {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      String b = owner("b");
      takeOver(store, key, a, b);

      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("c"), longTtl())).isEmpty();
      assertThat(store.release(key, b)).isTrue();
    }

    @Test
    void renew_is_refused_on_an_expired_lock_even_without_a_takeover() throws Exception {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, shortTtlMillis());
      expire();

      assertThat(store.renew(key, a, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("b"), longTtl())).isPresent();
    }

    @Test
    void release_is_refused_on_an_expired_lock_even_without_a_takeover() throws Exception {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, shortTtlMillis());
      expire();

      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("b"), longTtl())).isPresent();
    }
  }

  /** Long keys and keys that look alike are stored faithfully and kept apart. */
  @Nested
  class StoredKeys {

    @Test
    void a_4_KiB_key_is_stored_faithfully() {
      LockStore store = store();
      String key = Keys.padded(key(""), Keys.LONG_KEY_LENGTH, 'a');
      String a = owner("a");
      store.acquire(key, a, longTtl());

      assertThat(store.acquire(key, owner("b"), longTtl())).isEmpty();
      assertThat(
              store.acquire(Keys.padded(key(""), Keys.LONG_KEY_LENGTH, 'b'), owner("c"), longTtl()))
          .as("a 4 KiB key that differs only in its last character")
          .isPresent();
      assertThat(store.acquire(key.substring(0, key.length() - 1), owner("d"), longTtl()))
          .as("the same key without its last character")
          .isPresent();
      assertThat(store.release(key, a)).isTrue();
    }

    @Test
    void keys_sharing_a_3_KiB_prefix_are_kept_apart() {
      String shared = Keys.padded(key(""), 3 * 1024, '/');
      assertKeptApart(IntStream.rangeClosed(1, 12).mapToObj(i -> shared + i).toList());
    }

    @Test
    void keys_differing_only_in_case_or_unicode_form_are_kept_apart() {
      assertKeptApart(Keys.lookAlikes(key("")));
    }

    @Test
    @RuleSince("0.1.0")
    void a_key_with_a_lone_surrogate_is_refused_or_kept_apart_from_the_key_with_a_question_mark() {
      LockStore store = store();
      for (String suffix : Keys.LONE_SURROGATES) {
        String key = key(suffix);
        String replaced = Keys.withSurrogatesReplaced(key);
        OptionalLong first;
        try {
          first = store.acquire(key, owner("a"), longTtl());
        } catch (IllegalArgumentException refused) {
          assertThat(store.acquire(replaced, owner("b"), longTtl()))
              .as("%s after the store refused %s", Keys.describe(replaced), Keys.describe(key))
              .isPresent();
          continue;
        }
        assertThat(first).as("first acquire of %s", Keys.describe(key)).isPresent();
        assertThat(store.acquire(replaced, owner("b"), longTtl()))
            .as("%s while %s is locked", Keys.describe(replaced), Keys.describe(key))
            .isPresent();
        assertThat(store.acquire(key, owner("c"), longTtl()))
            .as("%s after %s was locked", Keys.describe(key), Keys.describe(replaced))
            .isEmpty();
      }
    }
  }

  /** Ttls out of bounds are refused before anything is written. */
  @Nested
  @RuleSince("0.1.0")
  class TtlBounds {

    @Test
    void acquire_refuses_a_ttl_out_of_bounds_and_leaves_the_key_free() {
      LockStore store = store();
      for (long ttl : TTLS_OUT_OF_BOUNDS) {
        String key = key("acquire-" + ttl);

        assertThatIllegalArgumentException()
            .as("acquire with a ttl of %d ms", ttl)
            .isThrownBy(() -> store.acquire(key, owner("a"), ttl));
        assertThat(store.acquire(key, owner("b"), longTtl()))
            .as("acquire after the refused ttl %d ms", ttl)
            .isPresent();
      }
    }

    @Test
    void renew_refuses_a_ttl_out_of_bounds_and_the_lock_expires_as_before() throws Exception {
      LockStore store = store();
      List<String> keys = new ArrayList<>();
      for (long ttl : TTLS_OUT_OF_BOUNDS) {
        String key = key("renew-" + ttl);
        String a = owner("a");
        keys.add(key);
        store.acquire(key, a, shortTtlMillis());

        assertThatIllegalArgumentException()
            .as("renew with a ttl of %d ms", ttl)
            .isThrownBy(() -> store.renew(key, a, ttl));
      }
      expire();

      for (String key : keys) {
        assertThat(store.acquire(key, owner("b"), longTtl()))
            .as("acquire of %s after its lock's ttl", key)
            .isPresent();
      }
    }

    @Test
    void the_maximum_ttl_is_accepted_by_acquire_and_renew() {
      LockStore store = store();
      String key = key("k");
      String a = owner("a");

      assertThat(store.acquire(key, a, StoreLimits.MAX_TTL_MILLIS)).isPresent();
      assertThat(store.renew(key, a, StoreLimits.MAX_TTL_MILLIS)).isTrue();
      assertThat(store.acquire(key, owner("b"), longTtl())).isEmpty();
      assertThat(store.release(key, a)).isTrue();
    }
  }

  /** Every method decides in one atomic operation, whatever races it. */
  @Nested
  class Races {

    @Test
    void concurrent_acquires_give_one_token_per_key_and_round_and_tokens_grow_between_rounds()
        throws Exception {
      LockStore store = store();
      int callers = concurrency();
      List<String> keys = keys("race", RACE_KEYS);
      long[] last = new long[keys.size()];
      try (Race race = new Race(callers)) {
        for (int round = 0, rounds = checkedRaceRounds(); round < rounds; round++) {
          List<String> owners = owners("caller", callers);
          List<List<OptionalLong>> results =
              race.run(
                  keys.size(),
                  (caller, step) -> store.acquire(keys.get(step), owners.get(caller), longTtl()));
          for (int step = 0; step < keys.size(); step++) {
            String what = "round " + round + ", key " + step;
            int winner = singleWinner(results.get(step), 0, what);
            long token = results.get(step).get(winner).getAsLong();
            assertThat(token)
                .as(what + ": the token after " + last[step])
                .isGreaterThan(last[step]);
            last[step] = token;
            assertThat(store.release(keys.get(step), owners.get(winner))).as(what).isTrue();
          }
        }
      }
    }

    @Test
    void concurrent_takeovers_of_an_expired_lock_have_one_winner_and_the_old_owner_cannot_renew()
        throws Exception {
      LockStore store = store();
      int callers = concurrency();
      try (Race race = new Race(callers)) {
        for (int round = 0, rounds = takeoverRounds(); round < rounds; round++) {
          List<String> keys = keys("takeover-" + round, RACE_KEYS);
          List<String> oldOwners = owners("old", keys.size());
          long[] oldTokens = new long[keys.size()];
          for (int k = 0; k < keys.size(); k++) {
            oldTokens[k] = token(store.acquire(keys.get(k), oldOwners.get(k), shortTtlMillis()));
          }
          expire();
          List<String> owners = owners("caller", callers);
          List<List<Object>> results =
              race.run(
                  keys.size(),
                  (caller, step) ->
                      caller == 0
                          ? store.renew(keys.get(step), oldOwners.get(step), longTtl())
                          : store.acquire(keys.get(step), owners.get(caller), longTtl()));
          for (int step = 0; step < keys.size(); step++) {
            String what = "round " + round + ", key " + step;
            List<Object> row = results.get(step);
            assertThat(row.get(0)).as(what + ": the old owner's renew").isEqualTo(false);
            int winner = singleWinner(row, 1, what);
            assertThat(((OptionalLong) row.get(winner)).getAsLong())
                .as(what + ": the winner's token")
                .isGreaterThan(oldTokens[step]);
            assertThat(store.acquire(keys.get(step), owner("after"), longTtl()))
                .as(what + ": after the race")
                .isEmpty();
            assertThat(store.release(keys.get(step), owners.get(winner))).as(what).isTrue();
          }
        }
      }
    }

    @Test
    void
        concurrent_release_and_renew_by_the_owner_never_revive_the_lock_and_impostors_change_nothing()
            throws Exception {
      LockStore store = store();
      int callers = concurrency();
      try (Race race = new Race(callers)) {
        for (int round = 0, rounds = checkedRaceRounds(); round < rounds; round++) {
          List<String> keys = keys("revive-" + round, RACE_KEYS);
          List<String> holders = owners("holder", keys.size());
          List<String> impostors = owners("impostor", callers);
          List<Long> tokens = new ArrayList<>();
          for (int k = 0; k < keys.size(); k++) {
            tokens.add(token(store.acquire(keys.get(k), holders.get(k), longTtl())));
          }
          List<List<Boolean>> results =
              race.run(
                  keys.size(),
                  (caller, step) -> {
                    String key = keys.get(step);
                    return switch (caller < 2 ? caller : 2 + caller % 2) {
                      case 0 -> store.release(key, holders.get(step));
                      case 1 -> store.renew(key, holders.get(step), longTtl());
                      case 2 -> store.release(key, impostors.get(caller));
                      default -> store.renew(key, impostors.get(caller), longTtl());
                    };
                  });
          for (int step = 0; step < keys.size(); step++) {
            String what = "round " + round + ", key " + step;
            List<Boolean> row = results.get(step);
            assertThat(row.get(0)).as(what + ": the holder's release").isTrue();
            assertThat(row.subList(2, row.size()))
                .as(what + ": the impostors")
                .doesNotContain(true);
            OptionalLong after = store.acquire(keys.get(step), owner("after"), longTtl());
            assertThat(after)
                .as(what + ": after the holder's release (renew returned %s)", row.get(1))
                .isPresent();
            assertThat(after.getAsLong())
                .as(what + ": the token after")
                .isGreaterThan(tokens.get(step));
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  private void takeOver(LockStore store, String key, String from, String to)
      throws InterruptedException {
    long first = token(store.acquire(key, from, shortTtlMillis()));
    expire();
    assertThat(token(store.acquire(key, to, longTtl()))).isGreaterThan(first);
  }

  private static long token(OptionalLong acquired) {
    assertThat(acquired).as("the result of acquire").isPresent();
    long token = acquired.getAsLong();
    assertThat(token).as("a fencing token").isPositive();
    return token;
  }

  private void assertKeptApart(List<String> keys) {
    LockStore store = store();
    assertThat(keys).doesNotHaveDuplicates();
    List<String> owners = owners("first", keys.size());
    for (int i = 0; i < keys.size(); i++) {
      assertThat(store.acquire(keys.get(i), owners.get(i), longTtl()))
          .as("first acquire of %s", Keys.describe(keys.get(i)))
          .isPresent();
    }
    for (int i = 0; i < keys.size(); i++) {
      assertThat(store.acquire(keys.get(i), owner("second"), longTtl()))
          .as("second acquire of %s", Keys.describe(keys.get(i)))
          .isEmpty();
      assertThat(store.release(keys.get(i), owners.get(i)))
          .as("release of %s by its own owner", Keys.describe(keys.get(i)))
          .isTrue();
    }
  }

  /** The index of the only present {@link OptionalLong} in {@code row} from {@code from} on. */
  private static int singleWinner(List<?> row, int from, String what) {
    List<Integer> winners =
        IntStream.range(from, row.size())
            .filter(i -> row.get(i) instanceof OptionalLong acquired && acquired.isPresent())
            .boxed()
            .toList();
    assertThat(winners).as(what + ": the callers that acquired the lock").hasSize(1);
    for (int i = from; i < row.size(); i++) {
      assertThat(row.get(i))
          .as(what + ": caller " + i)
          .isIn(row.get(winners.get(0)), OptionalLong.empty());
    }
    return winners.get(0);
  }
}
