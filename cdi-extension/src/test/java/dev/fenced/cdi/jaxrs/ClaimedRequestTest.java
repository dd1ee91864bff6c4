package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.transaction.FakeTransactions;
import dev.fenced.cdi.transaction.JtaTransactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import jakarta.transaction.Status;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a claimed request ends: stored, released, or abandoned; once; after the transaction. */
class ClaimedRequestTest {

  private static final RecordKey KEY = RecordKey.http("alice", "k-1");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("POST /orders/7/pay", new byte[0]);
  private static final HttpOutcome CREATED =
      new HttpOutcome(
          201,
          Map.of("location", List.of("/receipts/1")),
          "{\"receiptId\":\"r-1\"}".getBytes(StandardCharsets.UTF_8));

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final FakeTransactions transactions = new FakeTransactions();

  @Test
  void stores_an_outcome_a_repeat_decodes_to_the_same_response() {
    claimed().store(CREATED);

    assertThat(HttpOutcomeCodec.decode(replayPayload())).isEqualTo(CREATED);
  }

  @Test
  void releases_so_a_retry_runs_the_method_again() {
    claimed().release("503");

    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void abandons_a_request_nothing_ended_releasing_its_key() {
    ClaimedRequest request = claimed();

    assertThat(request.abandon()).isTrue();
    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void abandons_nothing_once_the_outcome_was_stored() {
    ClaimedRequest request = claimed();
    request.store(CREATED);

    assertThat(request.abandon()).isFalse();
    assertThat(repeat()).isInstanceOf(Claim.Replay.class);
  }

  @Test
  void ends_once_whatever_comes_after() {
    ClaimedRequest request = claimed();
    request.store(CREATED);

    request.release("late");
    request.store(new HttpOutcome(500, Map.of(), new byte[0]));

    assertThat(HttpOutcomeCodec.decode(replayPayload())).isEqualTo(CREATED);
  }

  @Test
  void awaits_a_body_only_until_it_ends() {
    ClaimedRequest request = claimed();
    assertThat(request.awaitedStatus()).isZero();

    request.awaitBody(201);
    assertThat(request.awaitedStatus()).isEqualTo(201);

    request.abandon();
    assertThat(request.awaitedStatus()).isZero();
  }

  @Test
  void keeps_the_key_locked_until_the_transaction_commits() {
    transactions.begin();
    ClaimedRequest request = claimed();

    request.store(CREATED);
    assertThat(repeat()).isInstanceOf(Claim.InUse.class);

    transactions.end(Status.STATUS_COMMITTED);
    assertThat(HttpOutcomeCodec.decode(replayPayload())).isEqualTo(CREATED);
  }

  @Test
  void releases_instead_of_storing_when_the_transaction_rolls_back() {
    transactions.begin();
    ClaimedRequest request = claimed();
    request.store(CREATED);

    transactions.end(Status.STATUS_ROLLEDBACK);

    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void does_not_let_the_request_end_release_a_key_waiting_for_its_transaction() {
    transactions.begin();
    ClaimedRequest request = claimed();
    request.store(CREATED);

    assertThat(request.abandon()).isFalse();
    transactions.end(Status.STATUS_COMMITTED);

    assertThat(repeat()).isInstanceOf(Claim.Replay.class);
  }

  @Test
  void stops_renewing_once_ended() {
    ClaimedRequest request = claimed();
    int renewing = time.pendingTasks();

    request.abandon();

    assertThat(renewing).isPositive();
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void ends_the_claim_when_storing_fails_before_the_store_is_reached() {
    ClaimedRequest request =
        new ClaimedRequest(
            Models.pay(),
            "POST /orders/7/pay",
            "k-1",
            ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL)).execution(),
            new JtaTransactions(
                () -> {
                  throw new IllegalStateException("no registry");
                }));

    assertThatThrownBy(() -> request.store(CREATED)).hasMessage("no registry");
    assertThat(time.pendingTasks()).isZero();
    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void ends_the_claim_when_releasing_cannot_ask_the_transaction() {
    ClaimedRequest request =
        new ClaimedRequest(
            Models.pay(),
            "POST /orders/7/pay",
            "k-1",
            ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL)).execution(),
            new JtaTransactions(
                () -> {
                  throw new IllegalStateException("no registry");
                }));

    assertThatThrownBy(() -> request.release("404")).hasMessage("no registry");
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void notes_that_every_request_filter_passed() {
    ClaimedRequest request = claimed();
    boolean before = request.filtersPassed();

    request.passFilters();

    assertThat(before).isFalse();
    assertThat(request.filtersPassed()).isTrue();
  }

  private ClaimedRequest claimed() {
    Claim claim = engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL);
    return new ClaimedRequest(
        Models.pay(),
        "POST /orders/7/pay",
        "k-1",
        ((Claim.Claimed) claim).execution(),
        new JtaTransactions(() -> transactions));
  }

  private Claim repeat() {
    return engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL);
  }

  private byte[] replayPayload() {
    Claim claim = repeat();
    assertThat(claim).isInstanceOf(Claim.Replay.class);
    return ((Claim.Replay) claim).payload();
  }
}
