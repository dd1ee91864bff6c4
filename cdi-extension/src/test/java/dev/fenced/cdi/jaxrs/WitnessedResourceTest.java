package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.call.BodyWitness;
import dev.fenced.cdi.call.ManualTransactions;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * What a JAX-RS resource method that Fault Tolerance shapes answers, and whether it is stored: the
 * body's own outcome is; a time-out after the body returned answers with the body's response when
 * no transaction can undo the work; any other answer Fault Tolerance made up is sent but refused
 * storage, so the key is released.
 */
class WitnessedResourceTest {

  private static final RecordKey KEY = RecordKey.http("", "k-1");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("POST /payouts", new byte[0]);

  /** Resource methods of each shape. */
  public static class Payouts {
    public String pay() {
      return "paid";
    }

    public CompletionStage<String> payLater() {
      return CompletableFuture.completedFuture("paid");
    }

    public void paySuspended(@Suspended AsyncResponse response) {}
  }

  private final ManualTime time = new ManualTime();
  private final IdempotencyEngine engine =
      new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time);
  private final ManualTransactions transactions = new ManualTransactions();
  private final ClaimedRequest claimed =
      new ClaimedRequest(
          Models.pay(),
          "POST /payouts",
          "k-1",
          ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL)).execution(),
          Transactions.NONE);
  private final WitnessedResource resource =
      new WitnessedResource(transactions, () -> Optional.of(claimed));
  private final BodyWitness witness = new BodyWitness();

  /** Fault Tolerance running the body once through the witness, then answering with {@code ft}. */
  private Callable<Object> faultTolerance(Callable<Object> body, Callable<Object> ft) {
    return () -> {
      try {
        witness.attempt(body);
      } catch (Exception e) {
        // Fault Tolerance handles it
      }
      return ft.call();
    };
  }

  private static Callable<Object> throwing(Exception e) {
    return () -> {
      throw e;
    };
  }

  private Object proceed(Callable<Object> invocation) throws Exception {
    return resource.proceed(Models.pay(), invocation, witness);
  }

  @Test
  void the_bodys_own_response_is_answered_and_may_be_stored() throws Exception {
    Object answer = proceed(() -> witness.attempt(() -> "paid"));

    assertThat(answer).isEqualTo("paid");
    assertThat(claimed.storageRefused()).isFalse();
  }

  @Test
  void the_bodys_own_exception_goes_on_and_may_be_stored_as_mapped() {
    IllegalArgumentException declined = new IllegalArgumentException("declined");

    assertThatThrownBy(() -> proceed(() -> witness.attempt(throwing(declined)))).isSameAs(declined);
    assertThat(claimed.storageRefused()).isFalse();
  }

  @Test
  void a_timeout_after_the_body_returned_answers_the_bodys_response_to_be_stored()
      throws Exception {
    Object answer =
        proceed(
            faultTolerance(() -> "paid", throwing(new IllegalStateException("TimeoutException"))));

    assertThat(answer).isEqualTo("paid");
    assertThat(claimed.storageRefused()).isFalse();
  }

  @Test
  void a_fallback_after_a_body_that_returned_is_replaced_by_the_bodys_response() throws Exception {
    Object answer = proceed(faultTolerance(() -> "paid", () -> "queued"));

    assertThat(answer).isEqualTo("paid");
    assertThat(claimed.storageRefused()).isFalse();
  }

  @Test
  void a_timeout_after_the_body_returned_in_a_transaction_goes_on_unstored_to_roll_it_back() {
    transactions.status = Transactions.Status.ACTIVE;
    IllegalStateException timeout = new IllegalStateException("TimeoutException");

    assertThatThrownBy(() -> proceed(faultTolerance(() -> "paid", throwing(timeout))))
        .isSameAs(timeout);
    assertThat(claimed.storageRefused()).isTrue();
  }

  @Test
  void an_unreadable_transaction_status_is_taken_for_a_transaction() {
    transactions.statusFailure = new IllegalStateException("no transaction manager");

    assertThatThrownBy(
            () ->
                proceed(
                    faultTolerance(
                        () -> "paid", throwing(new IllegalStateException("TimeoutException")))))
        .hasMessage("TimeoutException");
    assertThat(claimed.storageRefused()).isTrue();
  }

  @Test
  void a_fallback_after_the_body_threw_is_answered_but_not_stored() throws Exception {
    Object answer =
        proceed(
            faultTolerance(
                throwing(new IllegalStateException("the bank is down")), () -> "queued"));

    assertThat(answer).isEqualTo("queued");
    assertThat(claimed.storageRefused()).isTrue();
  }

  @Test
  void a_refusal_of_a_body_that_never_ran_is_answered_but_not_stored() {
    IllegalStateException open = new IllegalStateException("CircuitBreakerOpenException");

    assertThatThrownBy(() -> proceed(throwing(open))).isSameAs(open);
    assertThat(claimed.storageRefused()).isTrue();
  }

  @Test
  void the_claim_of_another_method_is_left_alone() {
    assertThatThrownBy(
            () ->
                resource.proceed(
                    Models.refund(),
                    throwing(new IllegalStateException("CircuitBreakerOpenException")),
                    witness))
        .hasMessage("CircuitBreakerOpenException");
    assertThat(claimed.storageRefused()).isFalse();
  }

  @Test
  void only_a_method_that_answers_when_it_returns_is_witnessed() throws Exception {
    assertThat(WitnessedResource.witnessable(method("pay"))).isTrue();
    assertThat(WitnessedResource.witnessable(method("payLater"))).isFalse();
    assertThat(WitnessedResource.witnessable(method("paySuspended", AsyncResponse.class)))
        .isFalse();
  }

  private static Method method(String name, Class<?>... parameters) throws Exception {
    return Payouts.class.getMethod(name, parameters);
  }
}
