package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.keypath.OrderPaid;
import dev.fenced.tck.message.keypath.ShipmentHandler;
import jakarta.inject.Inject;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @IdempotencyKey("eventId")} reads the key from a property of the event: two event objects
 * with one {@code eventId} run once. A {@code null} key throws {@code IDEMPOTENCY_KEY_REQUIRED}, a
 * key that is not 1-255 printable ASCII {@code IDEMPOTENCY_KEY_INVALID}; neither runs the method.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentMessageKeyPathTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-message-key-path")
        .classes(OrderPaid.class, ShipmentHandler.class)
        .build();
  }

  @Inject ShipmentHandler handler;
  @Inject Invocations invocations;

  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID();
  }

  @Test
  void two_event_objects_with_one_event_id_run_the_handler_once() {
    String eventId = unique("evt");
    String order = unique("order");

    String first = handler.ship(new OrderPaid(eventId, order));
    String repeat = handler.ship(new OrderPaid(eventId, order));

    assertAll(
        () -> assertEquals("shipment-" + order + "-1", first),
        () -> assertEquals(first, repeat),
        () -> assertEquals(1, invocations.count(order), "runs"));
  }

  @Test
  void events_with_different_event_ids_each_run() {
    String order = unique("order");

    handler.ship(new OrderPaid(unique("evt"), order));
    String second = handler.ship(new OrderPaid(unique("evt"), order));

    assertAll(
        () -> assertEquals("shipment-" + order + "-2", second),
        () -> assertEquals(2, invocations.count(order), "runs"));
  }

  @Test
  void a_null_event_id_throws_idempotency_key_required_and_the_method_does_not_run() {
    String order = unique("order");

    ErrorCode code = Codes.thrownBy(() -> handler.ship(new OrderPaid(null, order)));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REQUIRED, code),
        () -> assertEquals(0, invocations.count(order), "runs"));
  }

  @Test
  void a_key_with_a_character_outside_printable_ascii_throws_idempotency_key_invalid() {
    String order = unique("order");

    ErrorCode code = Codes.thrownBy(() -> handler.ship(new OrderPaid("evt-\u00e9t\u00e9", order)));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_INVALID, code),
        () -> assertEquals(0, invocations.count(order), "runs"));
  }

  @Test
  void a_key_longer_than_255_characters_throws_idempotency_key_invalid() {
    String order = unique("order");

    ErrorCode code = Codes.thrownBy(() -> handler.ship(new OrderPaid("k".repeat(256), order)));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_INVALID, code),
        () -> assertEquals(0, invocations.count(order), "runs"));
  }
}
