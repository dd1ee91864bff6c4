package dev.fenced.tck.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.AcquireResult.Acquired;
import dev.fenced.idempotency.spi.AcquireResult.Committed;
import dev.fenced.idempotency.spi.AcquireResult.Completed;
import dev.fenced.idempotency.spi.AcquireResult.InFlight;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The contract of a store that records outcomes in the caller's transaction ({@link
 * CompletionWithWork}, {@code fenced.idempotency.commit=with-work}), as JUnit 5 tests. Run it next
 * to {@link IdempotencyStoreContract}: extend it and implement {@link #store()} and {@link
 * #begin()}.
 *
 * <pre>{@code
 * class MyCompletionWithWorkTest extends CompletionWithWorkContract {
 *   protected MyStore store() { return MyStores.shared(); }
 *   protected CallersTransaction begin() { return MyTransactions.beginOnThisThread(); }
 * }
 * }</pre>
 *
 * <p>The store's {@code completeWithWork} writes into the transaction {@link #begin()} started on
 * the calling thread; its other methods run as they always do, in transactions of their own.
 * Records are checked only through the SPI: what another caller's {@code acquire} sees before and
 * after the caller's transaction ends. The hooks of {@link StoreContractSupport} apply.
 *
 * @param <S> the store under test, both SPIs
 */
public abstract class CompletionWithWorkContract<S extends IdempotencyStore & CompletionWithWork>
    extends StoreContractSupport {

  private static final String FP = "sha-256:with-work";
  private static final byte[] OUTCOME = "{\"status\":201}".getBytes(UTF_8);
  private static final Duration WHILE_OPEN = Duration.ofMillis(300);
  private static final long ANSWER_WITHIN_SECONDS = 10;

  /** The caller's transaction, begun on the calling thread. */
  public interface CallersTransaction extends AutoCloseable {

    /** Commits it: what {@code completeWithWork} wrote becomes visible. */
    void commit();

    /** Rolls it back unless it committed; ends it. */
    @Override
    void close();
  }

  /**
   * The store under test; called at the start of every test.
   *
   * @return the store
   */
  protected abstract S store();

  /**
   * Begins a transaction of the caller on the calling thread, which the store's {@code
   * completeWithWork} joins until it ends.
   *
   * @return the open transaction
   */
  protected abstract CallersTransaction begin();

  @Test
  void an_outcome_written_with_the_work_is_completed_once_the_transaction_commits() {
    S store = store();
    String key = key("commit");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());

    try (CallersTransaction tx = begin()) {
      assertThat(store.completeWithWork(key, owner, OUTCOME, longTtl())).isTrue();
      tx.commit();
    }

    assertThat(store.acquire(key, owner("retry"), FP, longTtl()))
        .isEqualTo(new Completed(FP, OUTCOME));
  }

  @Test
  void a_rollback_leaves_the_claim_in_flight_for_its_owner_to_release() {
    S store = store();
    String key = key("rollback");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());

    try (CallersTransaction tx = begin()) {
      store.completeWithWork(key, owner, OUTCOME, longTtl());
    }

    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new InFlight(FP));
    assertThat(store.release(key, owner)).as("the owner's release after the rollback").isTrue();
    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new Acquired());
  }

  @Test
  void a_duplicate_before_the_commit_never_sees_the_outcome_and_after_it_always_does()
      throws Exception {
    S store = store();
    String key = key("duplicate");
    String owner = owner("owner");
    store.acquire(key, owner, FP, longTtl());
    CompletableFuture<AcquireResult> duplicate;

    try (CallersTransaction tx = begin()) {
      store.completeWithWork(key, owner, OUTCOME, longTtl());
      duplicate =
          CompletableFuture.supplyAsync(() -> store.acquire(key, owner("dup"), FP, longTtl()));
      AcquireResult whileOpen = answerWithin(duplicate, WHILE_OPEN);
      if (whileOpen != null) {
        assertThat(whileOpen)
            .as("a duplicate while the transaction is open")
            .isEqualTo(new InFlight(FP));
      }
      tx.commit();
    }

    AcquireResult answered = duplicate.get(ANSWER_WITHIN_SECONDS, TimeUnit.SECONDS);
    assertThat(answered).isIn(new InFlight(FP), new Completed(FP, OUTCOME));
    assertThat(store.acquire(key, owner("after"), FP, longTtl()))
        .isEqualTo(new Completed(FP, OUTCOME));
  }

  @Test
  void a_lock_that_expires_after_the_write_is_not_taken_over_before_the_commit() throws Exception {
    S store = store();
    String key = key("expiring");
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());
    CompletableFuture<AcquireResult> takeOver;

    try (CallersTransaction tx = begin()) {
      assertThat(store.completeWithWork(key, owner, OUTCOME, longTtl())).isTrue();
      expire(); // the lock as last committed has expired
      takeOver =
          CompletableFuture.supplyAsync(() -> store.acquire(key, owner("late"), FP, longTtl()));
      AcquireResult whileOpen = answerWithin(takeOver, WHILE_OPEN);
      if (whileOpen != null) {
        assertThat(whileOpen)
            .as("a takeover while the transaction that wrote is open")
            .isNotEqualTo(new Acquired());
      }
      tx.commit();
    }

    assertThat(takeOver.get(ANSWER_WITHIN_SECONDS, TimeUnit.SECONDS))
        .as("the takeover")
        .isNotEqualTo(new Acquired());
    assertThat(store.acquire(key, owner("after"), FP, longTtl()))
        .isEqualTo(new Completed(FP, OUTCOME));
  }

  @Test
  void an_owner_whose_lock_expired_writes_nothing() throws Exception {
    S store = store();
    String key = key("expired");
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());
    expire();

    try (CallersTransaction tx = begin()) {
      assertThat(store.completeWithWork(key, owner, OUTCOME, longTtl())).isFalse();
      tx.commit();
    }

    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new Acquired());
  }

  @Test
  void an_owner_whose_record_was_taken_over_writes_nothing() throws Exception {
    S store = store();
    String key = key("taken");
    String owner = owner("owner");
    String next = owner("next");
    store.acquire(key, owner, FP, shortTtlMillis());
    expire();
    assertThat(store.acquire(key, next, FP, longTtl())).isEqualTo(new Acquired());

    try (CallersTransaction tx = begin()) {
      assertThat(store.completeWithWork(key, owner, OUTCOME, longTtl())).isFalse();
      tx.commit();
    }

    assertThat(store.complete(key, next, OUTCOME, longTtl()))
        .as("the new owner's complete")
        .isTrue();
  }

  @Test
  void a_committed_mark_is_never_taken_over_and_reports_committed_once_the_lock_expired()
      throws Exception {
    S store = store();
    String key = key("marked");
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());

    try (CallersTransaction tx = begin()) {
      assertThat(store.markCommitted(key, owner, longTtl(), shortTtlMillis())).isTrue();
      tx.commit();
    }

    assertThat(store.acquire(key, owner("early"), FP, longTtl()))
        .as("while the owner's lock lives")
        .isEqualTo(new InFlight(FP));
    expire();
    assertThat(store.acquire(key, owner("late"), FP, longTtl()))
        .as("after the owner's lock expired")
        .isEqualTo(new Committed(FP));
    assertThat(store.acquire(key, owner("later"), "sha-256:another", longTtl()))
        .as("another request under the key")
        .isEqualTo(new Committed(FP));
  }

  @Test
  void a_rolled_back_mark_leaves_the_claim_to_expire_and_be_taken_over() throws Exception {
    S store = store();
    String key = key("mark-rollback");
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());

    try (CallersTransaction tx = begin()) {
      store.markCommitted(key, owner, longTtl(), shortTtlMillis());
    }
    expire();

    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new Acquired());
  }

  @Test
  void the_owner_records_the_outcome_of_a_marked_record_even_after_its_lock_expired()
      throws Exception {
    S store = store();
    String key = key("mark-complete");
    String owner = marked(store, key);
    expire();

    assertThat(store.complete(key, owner, OUTCOME, longTtl())).isTrue();
    assertThat(store.acquire(key, owner("retry"), FP, longTtl()))
        .isEqualTo(new Completed(FP, OUTCOME));
  }

  @Test
  void the_owners_release_keeps_a_marked_record_and_only_ends_its_lock() throws Exception {
    S store = store();
    String key = key("mark-release");
    String owner = marked(store, key);

    assertThat(store.release(key, owner)).isTrue();
    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new Committed(FP));
  }

  @Test
  void the_owner_extends_a_marked_record_after_its_lock_expired_and_it_is_in_flight_again()
      throws Exception {
    S store = store();
    String key = key("mark-extend");
    String owner = marked(store, key);
    expire();

    assertThat(store.extend(key, owner, longTtl())).isTrue();
    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new InFlight(FP));
  }

  @Test
  void no_other_owner_changes_a_marked_record() throws Exception {
    S store = store();
    String key = key("mark-others");
    marked(store, key);
    expire();
    String other = owner("other");

    assertThat(store.complete(key, other, OUTCOME, longTtl())).as("complete").isFalse();
    assertThat(store.release(key, other)).as("release").isFalse();
    assertThat(store.extend(key, other, longTtl())).as("extend").isFalse();
    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new Committed(FP));
  }

  @Test
  void an_owner_whose_lock_expired_cannot_mark() throws Exception {
    S store = store();
    String key = key("mark-expired");
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());
    expire();

    try (CallersTransaction tx = begin()) {
      assertThat(store.markCommitted(key, owner, longTtl(), longTtl())).isFalse();
      tx.commit();
    }

    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new Acquired());
  }

  @Test
  void a_mark_ends_with_its_ttl_and_the_key_is_free_again() throws Exception {
    S store = store();
    String key = key("mark-ttl");
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());

    try (CallersTransaction tx = begin()) {
      store.markCommitted(key, owner, shortTtlMillis(), shortTtlMillis());
      tx.commit();
    }
    expire();

    assertThat(store.acquire(key, owner("retry"), FP, longTtl())).isEqualTo(new Acquired());
  }

  /** Acquires {@code key} with a short lock and commits its mark; the owner. */
  private String marked(S store, String key) {
    String owner = owner("owner");
    store.acquire(key, owner, FP, shortTtlMillis());
    try (CallersTransaction tx = begin()) {
      assertThat(store.markCommitted(key, owner, longTtl(), shortTtlMillis())).isTrue();
      tx.commit();
    }
    return owner;
  }

  /** The answer if it came within {@code wait}, else {@code null} (still waiting). */
  private static AcquireResult answerWithin(CompletableFuture<AcquireResult> call, Duration wait)
      throws Exception {
    try {
      return call.get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException stillWaiting) {
      return null;
    }
  }
}
