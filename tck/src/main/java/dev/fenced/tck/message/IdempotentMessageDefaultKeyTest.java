package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.defaultkey.OrderListener;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.time.Duration;
import java.util.UUID;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Idempotent} on a message-driven bean's {@code onMessage(Message)} without an
 * {@code @IdempotencyKey} parameter, on the server's own broker: the key is the message's default
 * key, the top-level {@code idempotencyKey} of a JSON body, else the {@code idempotencyKey} message
 * property; a message with neither is handled unguarded. The listener takes one message at a time,
 * so a last message with its own counter tells when the ones before it were handled.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentMessageDefaultKeyTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));
  private static final String KEY = "idempotencyKey";

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-message-default-key")
        .classes(OrderListener.class, Polling.class)
        .build();
  }

  @Inject JMSContext jms;
  @Inject Invocations invocations;

  private final String tag = "default-key-" + UUID.randomUUID();

  @Test
  void a_json_body_with_an_idempotency_key_sent_twice_is_handled_once() throws Exception {
    String body = "{\"" + KEY + "\":\"order-" + UUID.randomUUID() + "\",\"cents\":4200}";

    send(jms.createTextMessage(body), tag);
    send(jms.createTextMessage(body), tag);
    awaitLast();

    assertEquals(1, invocations.count(tag), "runs");
  }

  @Test
  void a_message_with_only_the_key_property_is_handled_once_per_key() throws Exception {
    String first = "order-" + UUID.randomUUID();
    String second = "order-" + UUID.randomUUID();

    send(keyed(first), tag);
    send(keyed(first), tag);
    send(keyed(second), tag);
    awaitLast();

    assertEquals(2, invocations.count(tag), "runs: one per key");
  }

  @Test
  void a_message_without_a_default_key_is_handled_unguarded_as_the_key_is_not_required()
      throws Exception {
    send(jms.createTextMessage("{\"cents\":4200}"), tag);
    send(jms.createTextMessage("{\"cents\":4200}"), tag);
    awaitLast();

    assertEquals(2, invocations.count(tag), "runs");
  }

  private Message keyed(String key) throws JMSException {
    Message message = jms.createMessage();
    message.setStringProperty(KEY, key);
    return message;
  }

  /** Sends a last message with its own key and counter, and waits until it was handled. */
  private void awaitLast() throws Exception {
    String last = tag + ":last";
    send(keyed("last-" + UUID.randomUUID()), last);
    Polling.await(last + " counted", WAIT, () -> invocations.count(last) >= 1);
  }

  private void send(Message message, String messageTag) throws NamingException, JMSException {
    message.setStringProperty(OrderListener.TAG, messageTag);
    jms.createProducer().send(InitialContext.<Queue>doLookup(OrderListener.ORDERS), message);
  }
}
