package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.call.ManualTransactions;
import dev.fenced.cdi.config.OutcomeCommit;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.TransactionalMemoryStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The commit mark of a JAX-RS resource method ({@code fenced.idempotency.commit=with-work}):
 * written in the method's transaction when its response will be stored, and only then; after the
 * commit a dead server's retry gets {@code IDEMPOTENCY_OUTCOME_LOST}, a live one's the response.
 */
class CommitMarkingTest {

  private static final RecordKey KEY = RecordKey.http("", "k-1");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("POST /orders/7/pay", new byte[0]);

  /** The resource methods the tests intercept. */
  public static class Payments {
    public Response pay() {
      return null;
    }

    public void payLater(@Suspended AsyncResponse response) {}
  }

  private static final Method PAY = method("pay");
  private static final Method PAY_LATER = method("payLater", AsyncResponse.class);

  private static Method method(String name, Class<?>... parameters) {
    try {
      return Payments.class.getMethod(name, parameters);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  private final ManualTime time = new ManualTime();
  private final TransactionalMemoryStore store = new TransactionalMemoryStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final ManualTransactions transactions = new ManualTransactions();
  private final ClaimedRequest claimed = claim(Models.pay());
  private Optional<ClaimedRequest> current = Optional.of(claimed);

  CommitMarkingTest() {
    claimed.passFilters();
    transactions.status = Transactions.Status.ACTIVE;
  }

  @Test
  void a_stored_response_marks_the_commit_in_the_methods_transaction() throws Exception {
    Object returned = marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(201));
    int markedBeforeCommit = store.marksWithWork.get();
    commit();

    assertThat(returned).isInstanceOf(Response.class);
    assertThat(markedBeforeCommit).isEqualTo(1);
    assertThat(store.marked(KEY.value())).isTrue();
  }

  @Test
  void a_retry_after_the_server_died_between_the_commit_and_the_response_never_runs_again()
      throws Exception {
    marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(201, "{\"id\":1}"));
    commit(); // then the server halts before the response is recorded
    store.extendDown = true;
    time.advance(Models.LOCK_TTL.multipliedBy(2));

    assertThat(engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL))
        .isInstanceOf(Claim.OutcomeLost.class);
  }

  @Test
  void the_response_recorded_after_the_commit_is_replayed() throws Exception {
    marking().proceed(Models.pay(), PAY, () -> "{\"id\":1}");
    commit();
    HttpOutcome response =
        new HttpOutcome(200, Map.of(), "{\"id\":1}".getBytes(StandardCharsets.UTF_8));

    claimed.store(response);

    assertThat(engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL))
        .isInstanceOfSatisfying(
            Claim.Replay.class,
            replay -> assertThat(HttpOutcomeCodec.decode(replay.payload())).isEqualTo(response));
  }

  @Test
  void a_rolled_back_mark_leaves_the_claim_to_end_as_the_response_says() throws Exception {
    marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(204));
    store.rollback();
    transactions.end(false);
    transactions.status = Transactions.Status.NONE;

    claimed.release("the transaction rolled back: 500");

    assertThat(engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void a_claim_lost_before_the_mark_fails_the_method_and_rolls_its_transaction_back() {
    store.refuseWrites = true;

    assertThatThrownBy(() -> marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(200)))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_LOCK_LOST));
    assertThat(transactions.rollbackOnly).isTrue();
  }

  @Test
  void a_failing_mark_fails_the_method_as_store_unavailable_and_rolls_its_transaction_back() {
    store.failWrites = true;

    assertThatThrownBy(() -> marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(200)))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE));
    assertThat(transactions.rollbackOnly).isTrue();
  }

  @Test
  void after_work_marks_nothing() throws Exception {
    new CommitMarking(OutcomeCommit.AFTER_WORK, transactions, () -> current)
        .proceed(Models.pay(), PAY, () -> ReturnedResponse.of(200));

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void a_method_outside_a_transaction_marks_nothing() throws Exception {
    transactions.status = Transactions.Status.NONE;

    marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(200));

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void a_response_that_is_not_stored_marks_nothing() throws Exception {
    List<Object> unstored =
        List.of(
            ReturnedResponse.of(503),
            ReturnedResponse.of(200, (StreamingOutput) out -> out.write(1)),
            CompletableFuture.completedFuture("later"));

    for (Object result : unstored) {
      marking().proceed(Models.pay(), PAY, () -> result);
    }

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void a_method_that_answers_through_a_suspended_async_response_marks_nothing() throws Exception {
    marking().proceed(Models.pay(), PAY_LATER, () -> null);

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void a_suspended_request_whose_work_fails_after_the_commit_can_be_retried() throws Exception {
    marking().proceed(Models.pay(), PAY_LATER, () -> null);
    commit(); // the method's transaction ends; its asynchronous work then fails
    claimed.release("the asynchronous work failed: 500");

    assertThat(engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void a_method_that_throws_marks_nothing() {
    assertThatThrownBy(
            () ->
                marking()
                    .proceed(
                        Models.pay(),
                        PAY,
                        () -> {
                          throw new IllegalStateException("declined");
                        }))
        .hasMessage("declined");

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void the_claim_of_another_method_is_not_marked() throws Exception {
    marking().proceed(Models.refund(), PAY, () -> ReturnedResponse.of(200));

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void a_request_without_a_claim_marks_nothing() throws Exception {
    current = Optional.empty();

    marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(200));

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void a_request_a_later_filter_answered_marks_nothing() throws Exception {
    ClaimedRequest stopped = claim(Models.pay(), RecordKey.http("", "k-2"));
    current = Optional.of(stopped);

    marking().proceed(Models.pay(), PAY, () -> ReturnedResponse.of(200));

    assertThat(store.marksWithWork).hasValue(0);
  }

  @Test
  void an_exception_the_method_stores_marks_its_response_to_be_stored_whatever_its_status() {
    IdempotentMethod storing = Models.payStoring(IllegalStateException.class);

    assertThatThrownBy(
            () ->
                marking()
                    .proceed(
                        storing,
                        PAY,
                        () -> {
                          throw new IllegalStateException("charged, then the ledger failed");
                        }))
        .hasMessage("charged, then the ledger failed");

    assertThat(claimed.exceptionChosen()).isTrue();
    assertThat(store.marksWithWork).as("stored after the transaction, not with it").hasValue(0);
  }

  @Test
  void an_exception_the_method_does_not_store_leaves_the_status_to_decide() {
    assertThatThrownBy(
            () ->
                marking()
                    .proceed(
                        Models.payStoring(IllegalStateException.class),
                        PAY,
                        () -> {
                          throw new IllegalArgumentException("bad card");
                        }))
        .hasMessage("bad card");

    assertThat(claimed.exceptionChosen()).isFalse();
  }

  private CommitMarking marking() {
    return new CommitMarking(OutcomeCommit.WITH_WORK, transactions, () -> current);
  }

  private void commit() {
    store.commit();
    transactions.end(true);
    transactions.status = Transactions.Status.NONE;
  }

  private ClaimedRequest claim(IdempotentMethod model) {
    return claim(model, KEY);
  }

  private ClaimedRequest claim(IdempotentMethod model, RecordKey key) {
    Claim claim = engine.claim(key, FINGERPRINT, model.lockTtl());
    return new ClaimedRequest(
        model,
        "POST /orders/7/pay",
        key.value(),
        ((Claim.Claimed) claim).execution(),
        Transactions.NONE);
  }
}
