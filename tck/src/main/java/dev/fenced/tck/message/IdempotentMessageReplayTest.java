package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.replay.InvoicingHandler;
import dev.fenced.tck.message.replay.PaymentHandler;
import dev.fenced.tck.message.replay.Receipt;
import dev.fenced.tck.message.replay.ShippingHandler;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A CDI bean method with {@code @Idempotent} and an {@code @IdempotencyKey} parameter runs once per
 * key: a repeat returns an equal value, decoded with the method's generic return type, without
 * running; each handler of one key keeps its own record; a {@code void} method runs once.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentMessageReplayTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-message-replay")
        .classes(Receipt.class, PaymentHandler.class, ShippingHandler.class, InvoicingHandler.class)
        .build();
  }

  @Inject PaymentHandler payments;
  @Inject ShippingHandler shipping;
  @Inject InvoicingHandler invoicing;
  @Inject Invocations invocations;

  private static String key() {
    return "msg-" + UUID.randomUUID();
  }

  @Test
  void a_repeat_with_the_same_key_returns_an_equal_value_without_running_again() {
    String key = key();

    Receipt first = payments.charge(key, 1250);
    Receipt repeat = payments.charge(key, 1250);

    assertAll(
        () -> assertEquals(new Receipt(key, 1250, 1), first),
        () -> assertEquals(first, repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void another_key_runs_the_method_again() {
    String one = key();
    String two = key();

    payments.charge(one, 100);
    Receipt other = payments.charge(two, 100);

    assertAll(
        () -> assertEquals(new Receipt(two, 100, 1), other),
        () -> assertEquals(1, invocations.count(one)),
        () -> assertEquals(1, invocations.count(two)));
  }

  @Test
  void a_generic_list_of_records_replays_as_a_list_of_records() {
    String key = key();

    List<Receipt> first = payments.chargeAll(key, List.of(100L, 250L));
    List<Receipt> repeat = payments.chargeAll(key, List.of(100L, 250L));

    assertAll(
        () -> assertEquals(first, repeat),
        () -> assertEquals(Receipt.class, repeat.get(0).getClass(), "element type of the replay"),
        () -> assertEquals(List.of(new Receipt(key, 100, 1), new Receipt(key, 250, 1)), repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void two_handlers_of_one_key_keep_separate_records_and_each_runs_once() {
    String eventId = key();

    int shipped = shipping.handle(eventId);
    int invoiced = invoicing.handle(eventId);
    int shippedAgain = shipping.handle(eventId);
    int invoicedAgain = invoicing.handle(eventId);

    assertAll(
        () -> assertEquals(1, shipped, "the first handler ran"),
        () -> assertEquals(1, invoiced, "the second handler ran, not replaying the first's record"),
        () -> assertEquals(1, shippedAgain),
        () -> assertEquals(1, invoicedAgain),
        () -> assertEquals(1, invocations.count("shipping:" + eventId)),
        () -> assertEquals(1, invocations.count("invoicing:" + eventId)));
  }

  @Test
  void a_void_method_runs_once_per_key() {
    String key = key();

    payments.notify(key);
    payments.notify(key);
    payments.notify(key);

    assertEquals(1, invocations.count(key), "runs");
  }
}
