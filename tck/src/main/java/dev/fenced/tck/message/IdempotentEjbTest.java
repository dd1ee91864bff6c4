package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.ejb.Charge;
import dev.fenced.tck.message.ejb.ChargeBean;
import dev.fenced.tck.message.ejb.PaymentDeclinedException;
import jakarta.ejb.EJB;
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
 * {@code @Idempotent} on a {@code @Stateless} EJB method (container-managed transaction): a repeat
 * replays an equal value, a generic list replays as its type, a concurrent duplicate is refused
 * with {@code IDEMPOTENCY_KEY_IN_USE} (an application exception, so the caller gets it unwrapped),
 * and an exception releases the key.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentEjbTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-ejb")
        .classes(Charge.class, ChargeBean.class, PaymentDeclinedException.class)
        .build();
  }

  @EJB ChargeBean bean;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;

  private final String key = "ejb-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  @Test
  void a_repeat_with_the_same_key_returns_an_equal_value_without_running_again() {
    Charge first = bean.charge(key, 990);
    Charge repeat = bean.charge(key, 990);

    assertAll(
        () -> assertEquals(new Charge(key, 990, 1), first),
        () -> assertEquals(first, repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_generic_list_replays_as_a_list_of_records() {
    List<Charge> first = bean.chargeAll(key, List.of(1L, 2L));
    List<Charge> repeat = bean.chargeAll(key, List.of(1L, 2L));

    assertAll(
        () -> assertEquals(first, repeat),
        () -> assertEquals(Charge.class, repeat.get(1).getClass()),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_concurrent_duplicate_is_refused_with_idempotency_key_in_use() throws Exception {
    CompletableFuture<Integer> first = background.start(() -> bean.chargeSlowly(key));
    assertTrue(gates.awaitEntered(key, WAIT), "the first call reached the gate");

    IdempotencyException refused =
        assertThrows(IdempotencyException.class, () -> bean.chargeSlowly(key));
    ErrorCode code = refused.code();
    gates.open(key);

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, code),
        () -> assertEquals(1, Codes.await(first, WAIT)),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void an_exception_releases_the_key_so_a_retry_runs_again() {
    assertThrows(PaymentDeclinedException.class, () -> bean.chargeAfterOneFailure(key));

    int retry = bean.chargeAfterOneFailure(key);
    int repeat = bean.chargeAfterOneFailure(key);

    assertAll(
        () -> assertEquals(2, retry),
        () -> assertEquals(2, repeat, "the successful retry is replayed"),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }
}
