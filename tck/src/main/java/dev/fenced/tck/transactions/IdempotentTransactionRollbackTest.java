package dev.fenced.tck.transactions;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.transactions.rollback.Checkout;
import dev.fenced.tck.transactions.rollback.Outcome;
import dev.fenced.tck.transactions.rollback.PaymentFailedException;
import dev.fenced.tck.transactions.rollback.Payments;
import dev.fenced.tck.transactions.rollback.Plan;
import dev.fenced.tck.transactions.rollback.Receipt;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A rollback releases the key: whether the {@code @Transactional} method throws, marks its
 * transaction rollback-only and returns, or returns inside a caller's transaction that then rolls
 * back, the next call runs again; the stored record is the one of committed work.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentTransactionRollbackTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-transaction-rollback")
        .classes(
            Receipt.class,
            Ledger.class,
            Outcome.class,
            Plan.class,
            PaymentFailedException.class,
            Payments.class,
            Checkout.class)
        .build();
  }

  @Inject Payments payments;
  @Inject Checkout checkout;
  @Inject Plan plan;
  @Inject Ledger ledger;
  @Inject Invocations invocations;

  private final String key = "pay-" + UUID.randomUUID();

  @Test
  void a_method_that_throws_rolls_back_and_the_next_call_runs_again() {
    plan.next(key, Outcome.THROW);
    assertThrows(PaymentFailedException.class, () -> payments.pay(key));

    Receipt retry = payments.pay(key);

    assertAll(
        () -> assertEquals(new Receipt(key, 2), retry),
        () -> assertEquals(List.of(key + "#2"), ledger.committed(key), "committed work"));
  }

  @Test
  void a_method_that_marks_its_transaction_rollback_only_and_returns_stores_nothing() {
    plan.next(key, Outcome.MARK_ROLLBACK_ONLY);
    Receipt rolledBack = payments.pay(key);

    Receipt next = payments.pay(key);

    assertAll(
        () -> assertEquals(new Receipt(key, 1), rolledBack, "the first call returned normally"),
        () -> assertEquals(new Receipt(key, 2), next, "the next call ran instead of replaying"),
        () -> assertEquals(List.of(key + "#2"), ledger.committed(key), "committed work"));
  }

  @Test
  void a_callers_transaction_rolled_back_after_the_method_returned_releases_the_key() {
    assertThrows(PaymentFailedException.class, () -> checkout.payThenFail(key));

    Receipt next = payments.pay(key);

    assertAll(
        () -> assertEquals(new Receipt(key, 2), next, "the next call ran instead of replaying"),
        () -> assertEquals(List.of(key + "#2"), ledger.committed(key), "committed work"));
  }

  @Test
  void after_a_rollback_and_a_commit_repeats_replay_the_committed_run() {
    plan.next(key, Outcome.MARK_ROLLBACK_ONLY);
    payments.pay(key);
    Receipt committed = payments.pay(key);

    Receipt repeat = payments.pay(key);

    assertAll(
        () -> assertEquals(new Receipt(key, 2), committed),
        () -> assertEquals(committed, repeat, "the record describes the committed run"),
        () -> assertEquals(2, invocations.count(key), "runs"),
        () -> assertEquals(List.of(key + "#2"), ledger.committed(key), "committed work"));
  }
}
