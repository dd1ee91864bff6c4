package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.fingerprint.OrderEvents;
import dev.fenced.tck.message.fingerprint.OrderPaid;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a repeat of a non-HTTP call must repeat: its arguments, less the fields the method names in
 * {@code ignoredFields} (JSON pointers into each argument), and a JMS message's body (never its
 * headers). A republished event with a new timestamp is a replay; another amount under the same key
 * is refused as reused.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentArgumentFingerprintTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-argument-fingerprint")
        .classes(OrderPaid.class, OrderEvents.class)
        .build();
  }

  @Inject OrderEvents events;
  @Inject Invocations invocations;
  @Inject JMSContext jms;

  private final String eventId = "evt-" + UUID.randomUUID();

  @Test
  void a_republished_event_that_differs_only_in_an_ignored_field_is_replayed() {
    String first = events.onOrderPaid(new OrderPaid(eventId, "o-1", 4200, "2026-12-07T10:00:00Z"));
    String again = events.onOrderPaid(new OrderPaid(eventId, "o-1", 4200, "2026-12-07T10:05:00Z"));

    assertAll(
        () -> assertEquals("shipped o-1 in run 1", first),
        () -> assertEquals(first, again, "replayed"),
        () -> assertEquals(1, invocations.count(eventId), "runs"));
  }

  @Test
  void an_event_with_another_amount_under_the_key_is_refused_as_reused() {
    events.onOrderPaid(new OrderPaid(eventId, "o-1", 4200, "2026-12-07T10:00:00Z"));

    ErrorCode code =
        Codes.thrownBy(
            () -> events.onOrderPaid(new OrderPaid(eventId, "o-1", 9900, "2026-12-07T10:00:00Z")));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, code),
        () -> assertEquals(1, invocations.count(eventId), "runs"));
  }

  @Test
  void a_jms_message_whose_body_differs_only_in_an_ignored_field_is_replayed() throws Exception {
    String first = events.onOrderPaidMessage(message(4200, "2026-12-07T10:00:00Z"));
    String again = events.onOrderPaidMessage(message(4200, "2026-12-07T10:05:00Z"));

    assertAll(
        () -> assertEquals(first, again, "replayed"),
        () -> assertEquals(1, invocations.count(eventId), "runs"));
  }

  @Test
  void a_jms_message_with_another_body_under_the_key_is_refused_as_reused() throws Exception {
    events.onOrderPaidMessage(message(4200, "2026-12-07T10:00:00Z"));
    TextMessage other = message(9900, "2026-12-07T10:00:00Z");

    ErrorCode code = Codes.thrownBy(() -> events.onOrderPaidMessage(other));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, code),
        () -> assertEquals(1, invocations.count(eventId), "runs"));
  }

  private TextMessage message(long cents, String publishedAt) throws JMSException {
    TextMessage message =
        jms.createTextMessage(
            "{\"eventId\":\""
                + eventId
                + "\",\"orderId\":\"o-1\",\"cents\":"
                + cents
                + ",\"publishedAt\":\""
                + publishedAt
                + "\"}");
    message.setStringProperty("eventId", eventId);
    return message;
  }
}
