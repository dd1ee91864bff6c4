package dev.fenced.tck.transactions;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.transactions.commit.Checkout;
import dev.fenced.tck.transactions.commit.Payments;
import dev.fenced.tck.transactions.commit.Receipt;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Inside a transaction the outcome becomes visible to a duplicate only after the commit: while the
 * caller's transaction is still open (held at a gate on another thread after the guarded method
 * returned) a duplicate gets {@code IDEMPOTENCY_KEY_IN_USE}; after the commit it gets the replay.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentTransactionCommitTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-transaction-commit")
        .classes(Receipt.class, Ledger.class, Payments.class, Checkout.class)
        .build();
  }

  @Inject Payments payments;
  @Inject Checkout checkout;
  @Inject Ledger ledger;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;

  private final String key = "pay-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  private CompletableFuture<Receipt> payAndHoldTheTransactionOpen() throws InterruptedException {
    CompletableFuture<Receipt> first = background.start(() -> checkout.payAndHold(key));
    assertTrue(gates.awaitEntered(key, WAIT), "the payment returned inside the open transaction");
    return first;
  }

  @Test
  void a_duplicate_while_the_transaction_is_still_open_gets_idempotency_key_in_use()
      throws Exception {
    CompletableFuture<Receipt> first = payAndHoldTheTransactionOpen();

    ErrorCode code = Codes.thrownBy(() -> payments.pay(key));
    List<String> committedMeanwhile = ledger.committed(key);
    gates.open(key);

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, code),
        () -> assertEquals(List.of(), committedMeanwhile, "nothing was committed yet"),
        () -> assertEquals(new Receipt(key, 1), Codes.await(first, WAIT)),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void after_the_commit_a_duplicate_gets_the_replay() throws Exception {
    CompletableFuture<Receipt> first = payAndHoldTheTransactionOpen();
    gates.open(key);
    Receipt original = Codes.await(first, WAIT);

    Receipt repeat = payments.pay(key);

    assertAll(
        () -> assertEquals(new Receipt(key, 1), original),
        () -> assertEquals(original, repeat),
        () -> assertEquals(1, invocations.count(key), "runs"),
        () -> assertEquals(List.of(key + "#1"), ledger.committed(key), "committed work"));
  }
}
