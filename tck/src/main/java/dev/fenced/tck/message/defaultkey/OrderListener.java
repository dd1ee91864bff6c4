package dev.fenced.tck.message.defaultkey;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Takes orders one at a time, guarded without an {@code @IdempotencyKey} parameter: the key is the
 * message's default key, the top-level {@code idempotencyKey} of its JSON body, else its {@code
 * idempotencyKey} property. Counts each run under the message's {@link #TAG} property.
 */
@JMSDestinationDefinition(
    name = OrderListener.ORDERS,
    interfaceName = "jakarta.jms.Queue",
    destinationName = "FencedTckOrders")
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = OrderListener.ORDERS),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1")
    })
public class OrderListener implements MessageListener {

  /** Where orders are sent. */
  public static final String ORDERS = "java:app/jms/FencedTckOrders";

  /** The string property naming the test's counter. */
  public static final String TAG = "tag";

  @Inject Invocations invocations;

  @Override
  @Idempotent
  public void onMessage(Message message) {
    try {
      invocations.increment(message.getStringProperty(TAG));
    } catch (JMSException e) {
      throw new IllegalStateException(e);
    }
  }
}
