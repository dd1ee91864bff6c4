package dev.fenced.tck.transactions;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.transactions.applicationexception.DecliningPayments;
import dev.fenced.tck.transactions.applicationexception.PaymentDeclinedException;
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
 * An {@code @Idempotent} EJB method that throws an application exception with {@code
 * rollback=false} inside its container-managed transaction: the transaction still commits what the
 * method wrote, so the key stays claimed until that commit. While the commit waits at a gate a
 * duplicate gets {@code IDEMPOTENCY_KEY_IN_USE} and does not run; after the commit the key is free
 * and, a failure never being stored, a repeat runs again.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentApplicationExceptionTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-application-exception")
        .classes(DecliningPayments.class, PaymentDeclinedException.class, Ledger.class)
        .build();
  }

  @Inject DecliningPayments payments;
  @Inject Ledger ledger;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;

  private final String key = "declined-" + UUID.randomUUID();
  private final String firstCommit = DecliningPayments.gate(key, 1);
  private final String secondCommit = DecliningPayments.gate(key, 2);

  @AfterEach
  void openTheGates() {
    gates.open(firstCommit);
    gates.open(secondCommit);
  }

  private CompletableFuture<Void> declineAndHoldTheCommit() throws InterruptedException {
    CompletableFuture<Void> first =
        background.start(
            () -> {
              payments.pay(key);
              return null;
            });
    assertTrue(gates.awaitEntered(firstCommit, WAIT), "the payment threw and its commit waits");
    return first;
  }

  @Test
  void a_duplicate_while_the_failed_call_still_commits_gets_idempotency_key_in_use()
      throws Exception {
    CompletableFuture<Void> first = declineAndHoldTheCommit();
    gates.open(secondCommit); // a second run, if wrongly admitted, must not wait at its commit

    Throwable duplicate = assertThrows(Throwable.class, () -> payments.pay(key));
    int runsMeanwhile = invocations.count(key);
    gates.open(firstCommit);

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, Codes.of(duplicate)),
        () -> assertEquals(1, runsMeanwhile, "runs before the first call committed"),
        () -> assertThrows(PaymentDeclinedException.class, () -> Codes.await(first, WAIT)));
  }

  @Test
  void after_the_commit_the_key_is_free_and_a_repeat_runs_again() throws Exception {
    CompletableFuture<Void> first = declineAndHoldTheCommit();
    gates.open(firstCommit);
    assertThrows(PaymentDeclinedException.class, () -> Codes.await(first, WAIT));
    List<String> committed = ledger.committed(key);
    gates.open(secondCommit);

    assertThrows(PaymentDeclinedException.class, () -> payments.pay(key));

    assertAll(
        () -> assertEquals(List.of(key + "#1"), committed, "the declined run's work committed"),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }
}
