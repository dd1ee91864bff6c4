package dev.fenced.tck.message.mdb;

import dev.fenced.idempotency.IdempotencyKey;
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
 * Takes payments one at a time; the message property {@link Queues#PAYMENT_ID} is the key, so a
 * message sent twice is handled once. Counts each run under the message's {@link Queues#TAG}.
 */
@JMSDestinationDefinition(
    name = Queues.PAYMENTS,
    interfaceName = "jakarta.jms.Queue",
    destinationName = "FencedTckPayments")
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = Queues.PAYMENTS),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1")
    })
public class PaymentListener implements MessageListener {

  @Inject Invocations invocations;

  @Override
  @Idempotent
  public void onMessage(@IdempotencyKey(Queues.PAYMENT_ID) Message message) {
    try {
      invocations.increment(message.getStringProperty(Queues.TAG));
    } catch (JMSException e) {
      throw new IllegalStateException(e);
    }
  }
}
