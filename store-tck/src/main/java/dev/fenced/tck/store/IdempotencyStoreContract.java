package dev.fenced.tck.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.AcquireResult.Acquired;
import dev.fenced.idempotency.spi.AcquireResult.Completed;
import dev.fenced.idempotency.spi.AcquireResult.InFlight;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The contract every {@link IdempotencyStore} keeps, as JUnit 5 tests: one behaviour per test.
 *
 * <p>To run it against your store, add {@code dev.fenced:fenced-tck} as a test dependency, extend
 * this class in your test sources and implement {@link #store()}:
 *
 * <pre>{@code
 * class MyIdempotencyStoreTest extends IdempotencyStoreContract {
 *   @Override
 *   protected IdempotencyStore store() {
 *     return MyStores.shared(); // a fresh or a shared instance: every test uses its own keys
 *   }
 * }
 * }</pre>
 *
 * <p>Optional hooks:
 *
 * <ul>
 *   <li>{@link #advanceTime(Duration)}: by default the tests wait in real time for records to
 *       expire on the store's own clock; a store with an injectable clock overrides it to move that
 *       clock instead, and the suite then runs without waiting.
 *   <li>{@link #shortTtl()} and {@link #slack()}: the ttl of records the tests let expire (default
 *       250 ms) and the margin waited beyond it (default 150 ms); raise them for a slow or remote
 *       store.
 *   <li>{@link #concurrency()}: how many callers race on each key (default 32, or the system
 *       property {@value #CONCURRENCY_PROPERTY}).
 *   <li>{@link #raceRounds()}: how many rounds each race runs (default 5, or the system property
 *       {@value #RACE_ROUNDS_PROPERTY}).
 * </ul>
 *
 * <p>The tests are grouped by rule in {@code @Nested} classes: {@code Acquiring}, {@code
 * Ownership}, {@code Expiry}, {@code Payloads}, {@code StoredKeys}, {@code TtlBounds} and {@code
 * Races}. JUnit runs the groups of a subclass with it; the hooks below apply to every group. {@code
 * Expiry}, whose tests mostly wait, is marked {@code @Execution(CONCURRENT)}: where the build
 * enables JUnit's parallel execution ({@code junit.jupiter.execution.parallel.enabled=true}, with
 * any default mode) its tests wait side by side, on a subclass with the default per-method
 * lifecycle; without it nothing changes.
 *
 * <p>Every test draws fresh random keys, so one store instance may serve all tests and other suites
 * at once. The race tests (named {@code concurrent_...}) are the ones a store that reads and then
 * writes in two steps fails: every method must decide in one atomic operation. The tests are
 * package-private, so a subclass cannot override one of them away.
 */
public abstract class IdempotencyStoreContract extends StoreContractSupport {

  private static final int RACE_KEYS = 50;
  private static final String FP_A =
      "sha-256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  private static final String FP_B =
      "sha-256:60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752";
  private static final String FP_C =
      "sha-256:fd61a03af4f77d870fc21e05e7e80678095c92d808cfb3b5c279ee04c74aca13";
  private static final byte[] PAYLOAD = "{\"status\":201,\"body\":\"created\"}".getBytes(UTF_8);

  /**
   * The store under test. Called once at the start of every test; it may return a fresh instance or
   * one shared by all tests, since every test uses its own random keys.
   *
   * @return the store to test
   */
  protected abstract IdempotencyStore store();

  /** acquire takes a free key and reports what holds a taken one. */
  @Nested
  class Acquiring {

    @Test
    void acquire_takes_the_lock_on_a_free_key() {
      IdempotencyStore store = store();

      assertThat(store.acquire(key("k"), owner("a"), FP_A, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void acquire_reports_in_flight_with_the_holders_fingerprint() {
      IdempotencyStore store = store();
      String key = key("k");
      store.acquire(key, owner("a"), FP_A, longTtl());

      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isEqualTo(new InFlight(FP_A));
    }

    @Test
    void acquire_reports_completed_with_fingerprint_and_payload_after_complete() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());

      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isTrue();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
    }

    @Test
    void the_fingerprint_is_returned_exactly() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      String fingerprint =
          FP_A + " \"double\" 'single' back\\slash %_*? tab\t caf\u00e9 \u4e2d \ud83d\ude00 ";
      store.acquire(key, a, fingerprint, longTtl());

      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new InFlight(fingerprint));
      store.complete(key, a, PAYLOAD, longTtl());
      assertThat(completed(store.acquire(key, owner("c"), FP_C, longTtl())).fingerprint())
          .isEqualTo(fingerprint);
    }
  }

  /** Only the owner of a live lock completes, releases or extends it. */
  @Nested
  class Ownership {

    @Test
    void complete_changes_nothing_when_the_owner_does_not_hold_the_lock() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());

      assertThat(store.complete(key, owner("impostor"), PAYLOAD, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_A));
      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isTrue();
    }

    @Test
    void release_changes_nothing_when_the_owner_does_not_hold_the_lock() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());

      assertThat(store.release(key, owner("impostor"))).isFalse();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_A));
      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isTrue();
    }

    @Test
    void extend_changes_nothing_when_the_owner_does_not_hold_the_lock() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      store.acquire(key, owner("a"), FP_A, shortTtlMillis());

      assertThat(store.extend(key, owner("impostor"), longTtl())).isFalse();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_A));
      expire();
      assertThat(store.acquire(key, owner("d"), FP_B, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void complete_release_and_extend_are_refused_on_an_unknown_key() {
      IdempotencyStore store = store();
      String key = key("never-acquired");
      String a = owner("a");

      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isFalse();
      assertThat(store.extend(key, a, longTtl())).isFalse();
      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void release_lets_a_new_owner_acquire() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());

      assertThat(store.release(key, a)).isTrue();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_B));
    }

    @Test
    void the_owner_cannot_complete_after_releasing() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      store.release(key, a);

      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void release_is_refused_on_a_completed_record() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      store.complete(key, a, PAYLOAD, longTtl());

      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
    }

    @Test
    void extend_is_refused_on_a_completed_record() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      store.complete(key, a, PAYLOAD, shortTtlMillis());

      assertThat(store.extend(key, a, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
      expire();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void complete_is_refused_once_the_record_is_completed() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      store.complete(key, a, PAYLOAD, longTtl());

      assertThat(store.complete(key, a, "second".getBytes(UTF_8), longTtl())).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
    }
  }

  /** Locks and completed records expire on the store clock, and a takeover fences the old owner. */
  @Nested
  @Execution(
      ExecutionMode.CONCURRENT) // waits for expiry, side by side where JUnit runs in parallel
  class Expiry {

    @Test
    void acquire_takes_over_an_expired_lock_in_place() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      store.acquire(key, owner("a"), FP_A, shortTtlMillis());
      expire();

      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_B));
    }

    @Test
    void the_old_owner_cannot_complete_after_a_takeover() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      String b = owner("b");
      takeOver(store, key, a, b);

      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_B));
      assertThat(store.complete(key, b, PAYLOAD, longTtl())).isTrue();
    }

    @Test
    void the_old_owner_cannot_extend_after_a_takeover() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      String b = owner("b");
      takeOver(store, key, a, b);

      assertThat(store.extend(key, a, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_B));
      assertThat(store.complete(key, b, PAYLOAD, longTtl())).isTrue();
    }

    @Test
    void the_old_owner_cannot_release_after_a_takeover() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      String b = owner("b");
      takeOver(store, key, a, b);

      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isEqualTo(new InFlight(FP_B));
      assertThat(store.complete(key, b, PAYLOAD, longTtl())).isTrue();
    }

    @Test
    void complete_is_refused_on_an_expired_lock_even_without_a_takeover() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, shortTtlMillis());
      expire();

      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void extend_is_refused_on_an_expired_lock_even_without_a_takeover() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, shortTtlMillis());
      expire();

      assertThat(store.extend(key, a, longTtl())).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void release_is_refused_on_an_expired_lock_even_without_a_takeover() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, shortTtlMillis());
      expire();

      assertThat(store.release(key, a)).isFalse();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void extend_keeps_the_lock_alive_past_its_original_ttl() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, shortTtlMillis());

      assertThat(store.extend(key, a, longTtl())).isTrue();
      expire();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isEqualTo(new InFlight(FP_A));
      assertThat(store.complete(key, a, PAYLOAD, longTtl())).isTrue();
    }

    @Test
    void extend_sets_the_expiry_from_now_even_when_that_is_sooner() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());

      assertThat(store.extend(key, a, shortTtlMillis())).isTrue();
      expire();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl())).isInstanceOf(Acquired.class);
    }

    // expiry of completed records

    @Test
    void a_completed_record_expires_after_its_ttl() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      store.complete(key, a, PAYLOAD, shortTtlMillis());

      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
      expire();
      assertThat(store.acquire(key, owner("c"), FP_C, longTtl())).isInstanceOf(Acquired.class);
    }

    @Test
    void a_completed_record_outlives_the_ttl_of_its_lock() throws Exception {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, shortTtlMillis());
      store.complete(key, a, PAYLOAD, longTtl());
      expire();

      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
    }
  }

  /** Payloads come back byte for byte and are never shared with the caller. */
  @Nested
  class Payloads {

    @Test
    void an_empty_payload_is_returned_empty() {
      assertStoredByteForByte(new byte[0]);
    }

    @Test
    void a_payload_with_nul_characters_is_returned_byte_for_byte() {
      assertStoredByteForByte("\u0000{\"name\":\"a\u0000b\"}\u0000".getBytes(UTF_8));
    }

    @Test
    void a_payload_of_invalid_utf8_is_returned_byte_for_byte() {
      int[] bytes = {
        0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x90, 0x28, 0xbc, 0xff, 0xfe, 0xed, 0xa0,
        0x80, 0xc0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80, 0x80
      };
      byte[] payload = new byte[bytes.length];
      for (int i = 0; i < bytes.length; i++) {
        payload[i] = (byte) bytes[i];
      }
      assertStoredByteForByte(payload);
    }

    @Test
    void a_payload_of_all_256_byte_values_is_returned_byte_for_byte() {
      byte[] payload = new byte[512];
      for (int i = 0; i < 256; i++) {
        payload[i] = (byte) i;
        payload[511 - i] = (byte) i;
      }
      assertStoredByteForByte(payload);
    }

    @Test
    void a_1_MiB_payload_is_returned_byte_for_byte() {
      byte[] payload = new byte[1 << 20];
      new Random(20260101L).nextBytes(payload);
      assertStoredByteForByte(payload);
    }

    @Test
    void changing_the_array_passed_to_complete_does_not_change_the_stored_payload() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      byte[] passed = PAYLOAD.clone();
      store.complete(key, a, passed, longTtl());

      Arrays.fill(passed, (byte) 'x');
      assertThat(completed(store.acquire(key, owner("b"), FP_B, longTtl())).payload())
          .isEqualTo(PAYLOAD);
    }

    @Test
    void changing_a_returned_payload_does_not_change_the_stored_payload() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      store.complete(key, a, PAYLOAD.clone(), longTtl());

      byte[] returned = completed(store.acquire(key, owner("b"), FP_B, longTtl())).payload();
      Arrays.fill(returned, (byte) 'x');
      assertThat(completed(store.acquire(key, owner("c"), FP_C, longTtl())).payload())
          .isEqualTo(PAYLOAD);
    }
  }

  /** Long keys and keys that look alike are stored faithfully and kept apart. */
  @Nested
  class StoredKeys {

    @Test
    void a_4_KiB_key_is_stored_faithfully() {
      IdempotencyStore store = store();
      String key = Keys.padded(key(""), Keys.LONG_KEY_LENGTH, 'a');
      String a = owner("a");
      store.acquire(key, a, FP_A, longTtl());
      store.complete(key, a, PAYLOAD, longTtl());

      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
      assertThat(
              store.acquire(
                  Keys.padded(key(""), Keys.LONG_KEY_LENGTH, 'b'), owner("c"), FP_C, longTtl()))
          .as("a 4 KiB key that differs only in its last character")
          .isInstanceOf(Acquired.class);
      assertThat(store.acquire(key.substring(0, key.length() - 1), owner("d"), FP_C, longTtl()))
          .as("the same key without its last character")
          .isInstanceOf(Acquired.class);
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
      IdempotencyStore store = store();
      for (String suffix : Keys.LONE_SURROGATES) {
        String key = key(suffix);
        String replaced = Keys.withSurrogatesReplaced(key);
        AcquireResult first;
        try {
          first = store.acquire(key, owner("a"), FP_A, longTtl());
        } catch (IllegalArgumentException refused) {
          assertThat(store.acquire(replaced, owner("b"), FP_B, longTtl()))
              .as("%s after the store refused %s", Keys.describe(replaced), Keys.describe(key))
              .isInstanceOf(Acquired.class);
          continue;
        }
        assertThat(first)
            .as("first acquire of %s", Keys.describe(key))
            .isInstanceOf(Acquired.class);
        assertThat(store.acquire(replaced, owner("b"), FP_B, longTtl()))
            .as("%s while %s is locked", Keys.describe(replaced), Keys.describe(key))
            .isInstanceOf(Acquired.class);
        assertThat(store.acquire(key, owner("c"), FP_C, longTtl()))
            .as("%s after %s was locked", Keys.describe(key), Keys.describe(replaced))
            .isEqualTo(new InFlight(FP_A));
      }
    }
  }

  /** Ttls out of bounds are refused before anything is written. */
  @Nested
  @RuleSince("0.1.0")
  class TtlBounds {

    @Test
    void acquire_refuses_a_ttl_out_of_bounds_and_leaves_the_key_free() {
      IdempotencyStore store = store();
      for (long ttl : TTLS_OUT_OF_BOUNDS) {
        String key = key("acquire-" + ttl);

        assertThatIllegalArgumentException()
            .as("acquire with a ttl of %d ms", ttl)
            .isThrownBy(() -> store.acquire(key, owner("a"), FP_A, ttl));
        assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
            .as("acquire after the refused ttl %d ms", ttl)
            .isInstanceOf(Acquired.class);
      }
    }

    @Test
    void complete_refuses_a_ttl_out_of_bounds_and_leaves_the_lock_in_flight() {
      IdempotencyStore store = store();
      for (long ttl : TTLS_OUT_OF_BOUNDS) {
        String key = key("complete-" + ttl);
        String a = owner("a");
        store.acquire(key, a, FP_A, longTtl());

        assertThatIllegalArgumentException()
            .as("complete with a ttl of %d ms", ttl)
            .isThrownBy(() -> store.complete(key, a, PAYLOAD, ttl));
        assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
            .as("acquire after the refused ttl %d ms", ttl)
            .isEqualTo(new InFlight(FP_A));
        assertThat(store.complete(key, a, PAYLOAD, longTtl()))
            .as("complete by the owner after the refused ttl %d ms", ttl)
            .isTrue();
      }
    }

    @Test
    void extend_refuses_a_ttl_out_of_bounds_and_the_lock_expires_as_before() throws Exception {
      IdempotencyStore store = store();
      List<String> keys = new ArrayList<>();
      for (long ttl : TTLS_OUT_OF_BOUNDS) {
        String key = key("extend-" + ttl);
        String a = owner("a");
        keys.add(key);
        store.acquire(key, a, FP_A, shortTtlMillis());

        assertThatIllegalArgumentException()
            .as("extend with a ttl of %d ms", ttl)
            .isThrownBy(() -> store.extend(key, a, ttl));
      }
      expire();

      for (String key : keys) {
        assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
            .as("acquire of %s after its lock's ttl", key)
            .isInstanceOf(Acquired.class);
      }
    }

    @Test
    void the_maximum_ttl_is_accepted_by_acquire_extend_and_complete() {
      IdempotencyStore store = store();
      String key = key("k");
      String a = owner("a");

      assertThat(store.acquire(key, a, FP_A, StoreLimits.MAX_TTL_MILLIS))
          .isInstanceOf(Acquired.class);
      assertThat(store.extend(key, a, StoreLimits.MAX_TTL_MILLIS)).isTrue();
      assertThat(store.complete(key, a, PAYLOAD, StoreLimits.MAX_TTL_MILLIS)).isTrue();
      assertThat(store.acquire(key, owner("b"), FP_B, longTtl()))
          .isEqualTo(new Completed(FP_A, PAYLOAD));
    }
  }

  /** Every method decides in one atomic operation, whatever races it. */
  @Nested
  class Races {

    @Test
    void concurrent_acquires_let_exactly_one_caller_per_key_take_the_lock() throws Exception {
      IdempotencyStore store = store();
      int callers = concurrency();
      List<String> keys = keys("race", RACE_KEYS);
      try (Race race = new Race(callers)) {
        for (int round = 0, rounds = checkedRaceRounds(); round < rounds; round++) {
          List<String> owners = owners("caller", callers);
          List<String> fingerprints = fingerprints(round, callers);
          List<List<AcquireResult>> results =
              race.run(
                  keys.size(),
                  (caller, step) ->
                      store.acquire(
                          keys.get(step), owners.get(caller), fingerprints.get(caller), longTtl()));
          for (int step = 0; step < keys.size(); step++) {
            String what = "round " + round + ", key " + step;
            int winner = singleWinner(results.get(step), 0, what);
            assertAllInFlight(results.get(step), 0, winner, fingerprints.get(winner), what);
            assertThat(store.release(keys.get(step), owners.get(winner))).as(what).isTrue();
          }
        }
      }
    }

    @Test
    void concurrent_takeovers_of_an_expired_lock_have_one_winner_and_the_old_owner_cannot_complete()
        throws Exception {
      IdempotencyStore store = store();
      int callers = concurrency();
      try (Race race = new Race(callers)) {
        for (int round = 0, rounds = takeoverRounds(); round < rounds; round++) {
          List<String> keys = keys("takeover-" + round, RACE_KEYS);
          List<String> oldOwners = owners("old", keys.size());
          for (int k = 0; k < keys.size(); k++) {
            store.acquire(keys.get(k), oldOwners.get(k), FP_A, shortTtlMillis());
          }
          expire();
          List<String> owners = owners("caller", callers);
          List<String> fingerprints = fingerprints(round, callers);
          List<List<Object>> results =
              race.run(
                  keys.size(),
                  (caller, step) ->
                      caller == 0
                          ? store.complete(keys.get(step), oldOwners.get(step), PAYLOAD, longTtl())
                          : store.acquire(
                              keys.get(step),
                              owners.get(caller),
                              fingerprints.get(caller),
                              longTtl()));
          for (int step = 0; step < keys.size(); step++) {
            String what = "round " + round + ", key " + step;
            List<Object> row = results.get(step);
            assertThat(row.get(0)).as(what + ": the old owner's complete").isEqualTo(false);
            int winner = singleWinner(row, 1, what);
            assertAllInFlight(row, 1, winner, fingerprints.get(winner), what);
            assertThat(store.acquire(keys.get(step), owner("after"), FP_C, longTtl()))
                .as(what + ": after the race")
                .isEqualTo(new InFlight(fingerprints.get(winner)));
          }
        }
      }
    }

    @Test
    void
        concurrent_release_and_extend_by_the_owner_never_revive_the_lock_and_impostors_change_nothing()
            throws Exception {
      IdempotencyStore store = store();
      int callers = concurrency();
      try (Race race = new Race(callers)) {
        for (int round = 0, rounds = checkedRaceRounds(); round < rounds; round++) {
          List<String> keys = keys("revive-" + round, RACE_KEYS);
          List<String> holders = owners("holder", keys.size());
          List<String> impostors = owners("impostor", callers);
          for (int k = 0; k < keys.size(); k++) {
            store.acquire(keys.get(k), holders.get(k), FP_A, longTtl());
          }
          List<List<Boolean>> results =
              race.run(
                  keys.size(),
                  (caller, step) -> {
                    String key = keys.get(step);
                    String impostor = impostors.get(caller);
                    return switch (caller < 2 ? caller : 2 + caller % 3) {
                      case 0 -> store.release(key, holders.get(step));
                      case 1 -> store.extend(key, holders.get(step), longTtl());
                      case 2 -> store.release(key, impostor);
                      case 3 -> store.extend(key, impostor, longTtl());
                      default -> store.complete(key, impostor, PAYLOAD, longTtl());
                    };
                  });
          for (int step = 0; step < keys.size(); step++) {
            String what = "round " + round + ", key " + step;
            List<Boolean> row = results.get(step);
            assertThat(row.get(0)).as(what + ": the holder's release").isTrue();
            assertThat(row.subList(2, row.size()))
                .as(what + ": the impostors")
                .doesNotContain(true);
            assertThat(store.acquire(keys.get(step), owner("after"), FP_C, longTtl()))
                .as(what + ": after the holder's release (extend returned %s)", row.get(1))
                .isInstanceOf(Acquired.class);
          }
        }
      }
    }

    @Test
    void concurrent_acquires_while_the_owner_completes_see_the_lock_or_the_whole_record()
        throws Exception {
      IdempotencyStore store = store();
      int callers = concurrency();
      try (Race race = new Race(callers)) {
        for (int round = 0, rounds = checkedRaceRounds(); round < rounds; round++) {
          List<String> keys = keys("complete-" + round, RACE_KEYS);
          List<String> holders = owners("holder", keys.size());
          List<byte[]> payloads = new ArrayList<>();
          for (int k = 0; k < keys.size(); k++) {
            store.acquire(keys.get(k), holders.get(k), FP_A, longTtl());
            payloads.add(("payload " + round + "/" + k).getBytes(UTF_8));
          }
          List<String> owners = owners("caller", callers);
          List<List<Object>> results =
              race.run(
                  keys.size(),
                  (caller, step) ->
                      caller == 0
                          ? store.complete(
                              keys.get(step), holders.get(step), payloads.get(step), longTtl())
                          : store.acquire(keys.get(step), owners.get(caller), FP_B, longTtl()));
          for (int step = 0; step < keys.size(); step++) {
            String what = "round " + round + ", key " + step;
            List<Object> row = results.get(step);
            Completed whole = new Completed(FP_A, payloads.get(step));
            assertThat(row.get(0)).as(what + ": the holder's complete").isEqualTo(true);
            assertThat(row.subList(1, row.size()))
                .as(what + ": what the other callers saw")
                .allSatisfy(seen -> assertThat(seen).isIn(new InFlight(FP_A), whole));
            assertThat(store.acquire(keys.get(step), owner("after"), FP_C, longTtl()))
                .as(what + ": after the race")
                .isEqualTo(whole);
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  private static List<String> fingerprints(int round, int count) {
    return IntStream.range(0, count).mapToObj(i -> "fp-" + round + "-" + i).toList();
  }

  private void takeOver(IdempotencyStore store, String key, String from, String to)
      throws InterruptedException {
    assertThat(store.acquire(key, from, FP_A, shortTtlMillis())).isInstanceOf(Acquired.class);
    expire();
    assertThat(store.acquire(key, to, FP_B, longTtl())).isInstanceOf(Acquired.class);
  }

  private static Completed completed(AcquireResult result) {
    assertThat(result).isInstanceOf(Completed.class);
    return (Completed) result;
  }

  private void assertStoredByteForByte(byte[] payload) {
    IdempotencyStore store = store();
    String key = key("k");
    String a = owner("a");
    store.acquire(key, a, FP_A, longTtl());
    assertThat(store.complete(key, a, payload.clone(), longTtl())).isTrue();

    Completed stored = completed(store.acquire(key, owner("b"), FP_B, longTtl()));
    byte[] returned = stored.payload();
    assertThat(stored.fingerprint()).isEqualTo(FP_A);
    assertThat(Arrays.mismatch(returned, payload))
        .as(
            "first differing byte (-1 when none) of %d returned vs %d stored bytes",
            returned.length, payload.length)
        .isEqualTo(-1);
  }

  private void assertKeptApart(List<String> keys) {
    IdempotencyStore store = store();
    assertThat(keys).doesNotHaveDuplicates();
    List<String> fingerprints = IntStream.range(0, keys.size()).mapToObj(i -> "fp-" + i).toList();
    for (int i = 0; i < keys.size(); i++) {
      assertThat(store.acquire(keys.get(i), owner("first"), fingerprints.get(i), longTtl()))
          .as("first acquire of %s", Keys.describe(keys.get(i)))
          .isInstanceOf(Acquired.class);
    }
    for (int i = 0; i < keys.size(); i++) {
      assertThat(store.acquire(keys.get(i), owner("second"), FP_B, longTtl()))
          .as("second acquire of %s", Keys.describe(keys.get(i)))
          .isEqualTo(new InFlight(fingerprints.get(i)));
    }
  }

  /** The index of the only {@link Acquired} in {@code row} from {@code from} on. */
  private static int singleWinner(List<?> row, int from, String what) {
    List<Integer> winners =
        IntStream.range(from, row.size())
            .filter(i -> row.get(i) instanceof Acquired)
            .boxed()
            .toList();
    assertThat(winners).as(what + ": the callers that acquired the lock").hasSize(1);
    return winners.get(0);
  }

  private static void assertAllInFlight(
      List<?> row, int from, int winner, String fingerprint, String what) {
    for (int i = from; i < row.size(); i++) {
      if (i != winner) {
        assertThat(row.get(i))
            .as(what + ": caller " + i + " lost to caller " + winner)
            .isEqualTo(new InFlight(fingerprint));
      }
    }
  }
}
