package dev.fenced.tck.ejb;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.ejb.idempotency.Checkout;
import dev.fenced.tck.ejb.idempotency.Payments;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
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
 * An {@code @Idempotent} EJB method that refuses a call (its key in use by a running call, or
 * reused with other arguments) throws {@code IdempotencyException} to the EJB that called it inside
 * its container-managed transaction: the caller catches the Fenced exception itself, not an {@code
 * EJBException}, and its transaction is marked rollback-only, so what it wrote before the call does
 * not commit.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotencyExceptionEjbTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("ejb-idempotency-exception")
        .classes(Payments.class, Checkout.class, Checkout.Seen.class, Ledger.class)
        .build();
  }

  @Inject Payments payments;
  @Inject Checkout checkout;
  @Inject Ledger ledger;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;

  private final String key = "ejb-pay-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  @Test
  void a_key_in_use_reaches_the_calling_ejb_unwrapped_and_rolls_its_transaction_back()
      throws Exception {
    CompletableFuture<Integer> first = background.start(() -> payments.pay(key, 100));
    assertTrue(gates.awaitEntered(key, WAIT), "the first payment runs");

    Checkout.Seen seen = checkout.checkOut(key, 100);
    gates.open(key);
    Codes.await(first, WAIT);

    assertAll(
        () -> assertInstanceOf(IdempotencyException.class, seen.caught()),
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, Codes.of(seen.caught())),
        () -> assertTrue(seen.rollbackOnly(), "the caller's transaction is rollback-only"),
        () -> assertEquals(List.of(key + "#paid"), ledger.committed(key), "committed"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_reused_key_reaches_the_calling_ejb_unwrapped_and_rolls_its_transaction_back()
      throws Exception {
    gates.open(key);
    payments.pay(key, 100);

    Checkout.Seen seen = checkout.checkOut(key, 200);

    assertAll(
        () -> assertInstanceOf(IdempotencyException.class, seen.caught()),
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, Codes.of(seen.caught())),
        () -> assertTrue(seen.rollbackOnly(), "the caller's transaction is rollback-only"),
        () -> assertEquals(List.of(key + "#paid"), ledger.committed(key), "committed"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
